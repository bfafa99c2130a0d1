// "Find an aircraft" on the fleet homes (the client's home, AeroOPS and AeroOIL homes): a GET form
// that keeps the status filter (and the AeroOPS module) in hidden fields, and a Clear link while a
// filter is on. Works without JavaScript.
import { Form, Link, useLocation } from "@remix-run/react";
import { SearchIcon } from "~/components/icons/search";
import * as ui from "~/components/ui/ui.css";

export function FleetSearch({ id, q, status, keep = {} }: { id: string; q: string; status: string | null; keep?: Record<string, string | null> }) {
  const location = useLocation();
  const kept = Object.entries(keep).filter((e): e is [string, string] => !!e[1]);
  const clear = kept.length ? `${location.pathname}?${new URLSearchParams(kept)}` : location.pathname;
  return (
    <Form method="get" className={ui.filterBar} role="search">
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <div className={ui.field} style={{ flex: "1 1 260px" }}>
        <label className={ui.label} htmlFor={id}>
          Find an aircraft
        </label>
        <input id={id} name="q" type="search" defaultValue={q} className={ui.input} placeholder="MSN, registration or name" maxLength={100} />
      </div>
      <button type="submit" className={ui.button.secondary}>
        <SearchIcon /> Search
      </button>
      {q || status ? (
        <Link to={clear} className={ui.button.ghost}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
