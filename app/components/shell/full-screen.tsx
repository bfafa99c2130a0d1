// Full screen: the page without the side navigation and the top bar (spec 001 §2: the top bar is
// hidden in full-screen mode). A link (?fullscreen=1) so it works without JavaScript; with
// JavaScript it also asks the browser for real full screen, and leaving it restores the page.
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ExpandIcon } from "~/components/icons/expand";
import { ShrinkIcon } from "~/components/icons/shrink";
import * as ui from "~/components/ui/ui.css";
import * as s from "./shell.css";

export const FULLSCREEN_PARAM = "fullscreen";

function withParam(search: string, on: boolean) {
  const p = new URLSearchParams(search);
  if (on) p.set(FULLSCREEN_PARAM, "1");
  else p.delete(FULLSCREEN_PARAM);
  const qs = p.toString();
  return qs ? `?${qs}` : "";
}

export function FullScreenToggle() {
  const location = useLocation();
  return (
    <Link
      to={`${location.pathname}${withParam(location.search, true)}`}
      className={s.topButton}
      aria-label="Full screen"
      title="Full screen"
      preventScrollReset
      onClick={() => {
        document.documentElement.requestFullscreen?.().catch(() => undefined);
      }}
    >
      <ExpandIcon />
    </Link>
  );
}

export function ExitFullScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const exitTo = `${location.pathname}${withParam(location.search, false)}`;
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) navigate(exitTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [exitTo, navigate]);
  return (
    <Link
      to={exitTo}
      className={`${ui.button.secondary} ${ui.buttonSmall} ${s.exitFullscreen}`}
      preventScrollReset
      onClick={() => {
        if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
      }}
    >
      <ShrinkIcon /> Exit full screen
    </Link>
  );
}
