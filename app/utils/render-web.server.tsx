// The document as a Web stream (renderToReadableStream), for the Workers build: vite.edge.config.ts
// puts this module in place of render-node.server.tsx, whose contract it keeps. No coalescing of
// React's pieces here: on Workers the stream goes straight to the runtime, which compresses at the
// edge, and no Node stream stack handles each piece.
import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { RenderOptions } from "./render-node.server";

/** The rendered document as the answer: streamed from its shell on, or whole for a bot. */
export async function renderDocument(element: ReactElement, opts: RenderOptions): Promise<Response> {
  const { nonce, headers, waitForAll, abortDelay } = opts;
  let status = opts.status;
  let shellRendered = false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), abortDelay);
  // The client went away: the render stops.
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener("abort", () => controller.abort(), { once: true });
  try {
    const body = await renderToReadableStream(element, {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        if (shellRendered && !opts.signal?.aborted) console.error(error);
      },
    });
    shellRendered = true;
    // Everything rendered: nothing is left for the abort timer to cut short.
    void body.allReady.then(() => clearTimeout(timer), () => clearTimeout(timer));
    if (waitForAll) await body.allReady;
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(body, { headers, status });
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
}
