// The AeroOIL home for server markup (issue 12, ADR 063): its routes render it in their loaders
// (routeMarkupFrom) and import it from here, so the browser's bundle leaves it out.
export { OilHome } from "./oil-home";
