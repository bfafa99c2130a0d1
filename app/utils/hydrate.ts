// Which pages hydrate (ADR 073): a route whose page has real client work (the upload dialog and the
// file preview of the folder pages, the tab grid, a consultant's document uploads) asks for Remix's
// scripts in its handle; root.tsx renders <Scripts/> only when a matched route asks. Every other page
// is HTML and CSS plus the page script (app/plain/page.ts).
export interface HydrateHandle {
  hydrate?: boolean;
}

export const HYDRATE: HydrateHandle = { hydrate: true };

export const asksHydration = (handle: unknown) => (handle as HydrateHandle | undefined)?.hydrate === true;
