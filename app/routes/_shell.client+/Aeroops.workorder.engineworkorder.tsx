// A work-order list (spec 001 §2): the page is __workorder-list.tsx, which reads the kind from the URL.
export { ErrorBoundary, default, handle, meta } from "./__workorder-list";
export { loader } from "./__workorder-list.server";
