// A work-order list (spec 001 §2): the page is __workorder-list.tsx, which reads the kind from the URL.
export { ErrorBoundary, default, handle, loader, meta } from "./__workorder-list";
