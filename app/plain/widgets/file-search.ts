// The file search's rules in the browser (components/file-search/file-search.tsx), on the form
// (data-plain="file-search"): the browser's own validation bubble gives way to the tooltip. An empty
// or too-short query is ignored on Enter; a query with special characters is not sent and the
// tooltip lists them (up to 10 distinct, then "and N more"); while typing, the tooltip comes 500 ms
// after the last keystroke, and goes on the next key or when the box loses focus.
import { SEARCH_MIN_LENGTH, TOOLTIP_DELAY_MS, charsMessage, offendingChars } from "~/models/search-query";
import { afterHydration } from "../hydration";

export function init(form: HTMLElement) {
  const input = form.querySelector<HTMLInputElement>("input[type=search]")!;
  const tip = form.querySelector<HTMLElement>("[data-search-tooltip]")!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  (form as HTMLFormElement).noValidate = true;

  const show = (text: string | null) => {
    clearTimeout(timer);
    afterHydration(() => {
      tip.textContent = text;
      tip.hidden = !text;
      if (text) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", tip.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    });
  };
  const typed = () => {
    show(null);
    timer = setTimeout(() => {
      const { offending, more } = offendingChars(input.value);
      show(offending.length ? charsMessage(offending, more) : null);
    }, TOOLTIP_DELAY_MS);
  };

  input.addEventListener("input", typed);
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    // checkSearchQuery's order (models/search-query.ts): the characters, then the length (maxlength
    // keeps the box under the longest query).
    const q = input.value.trim();
    const { offending, more } = offendingChars(q);
    if (offending.length) show(charsMessage(offending, more));
    else if ([...q].length >= SEARCH_MIN_LENGTH) return show(null); // the form submits
    e.preventDefault();
  });
  input.addEventListener("blur", () => show(null));
  // Typed before this code came.
  if (input.value !== input.defaultValue) typed();
}
