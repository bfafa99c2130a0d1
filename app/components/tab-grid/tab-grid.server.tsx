// The grid's server markup (LazyIsland's `server`): the static table, left out of the browser's bundle.
export { TabTable as TabGridServer } from "./tab-grid-static";
