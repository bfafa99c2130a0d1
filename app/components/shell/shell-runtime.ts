// The signed-in shells' shared browser code in ONE chunk (issue 12). esbuild puts a module in the
// chunk of the exact set of entries (routes, lazily imported islands) that reach it, so the shell's
// parts, each used by a slightly different set (the two shells, the search page, the islands), came
// as four chunks of their own: four requests and about 0.5 KiB gzip more than one. Every module that
// imports one of the parts below also imports this module, so each part is reached by the same set
// of entries and they share a chunk. Only what every shell page loads anyway belongs here (nothing a
// public page uses: the icons' svg helper stays out, the auth pages use it).
import "~/components/lazy-island/lazy-island";
import "~/components/logout/logout-listen";
import "~/components/file-search/file-search-slot";
import "~/components/file-search/file-search-handle";
import "~/components/file-search/file-search.css";
import "./drawer";
import "./shell.css";
