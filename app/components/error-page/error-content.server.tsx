// The error screen for the server render only (boundary.tsx): the browser fetches its code when a
// boundary renders, so its bundle leaves it out.
export { ErrorContent } from "./error-content";
