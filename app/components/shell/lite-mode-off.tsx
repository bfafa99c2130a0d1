// In Lite mode the speed test (a script) is not there: the top bar says Lite mode is on, and offers
// to turn it off (a Lite-mode page has no scripts: a plain form).
import { Form, useLocation } from "@remix-run/react";
import * as s from "./shell.css";

export function LiteModeOff() {
  const location = useLocation();
  return (
    <Form method="post" action="/resources/lite-mode" reloadDocument className={s.liteForm} data-lite-mode="on">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <span className={s.litePill} title="Pages load without scripts: everything works, with fewer conveniences">
        Lite mode
      </span>
      <button type="submit" name="lite" value="off" className={s.liteButton}>
        Turn off
      </button>
    </Form>
  );
}
