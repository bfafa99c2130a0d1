// The top bar's file search for the server render only (file-search-slot.tsx): the browser fetches
// its code when the user comes near it, so its bundle leaves it out.
export { FileSearchBox } from "./file-search";
export { FileSearch } from "./file-search";
