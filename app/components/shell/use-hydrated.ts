import { useEffect, useState } from "react";

let hydrated = false;

/** False in the server render and the first client render; true once the page is interactive. */
export function useHydrated() {
  const [h, setH] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setH(true);
  }, []);
  return h;
}
