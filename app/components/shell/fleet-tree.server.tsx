// The fleet tree for the server render only (shell.tsx): the browser fetches its code when the user
// comes near it, so its bundle leaves it out.
export { FleetTree } from "./fleet-tree";
