// The document as a Node stream (renderToPipeableStream), for the Node server. The Workers build
// renders with render-web.server.tsx instead (vite.edge.config.ts swaps the module): same contract.
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

export interface RenderOptions {
  nonce: string;
  status: number;
  headers: Headers;
  /** Send nothing until everything has rendered (bots: no streamed Suspense boundaries). */
  waitForAll: boolean;
  /** Whatever has not rendered by then is cut short (its Suspense fallback is what is sent). */
  abortDelay: number;
  /** The request's: once its client has gone away, the render stops. */
  signal?: AbortSignal;
}

/**
 * React writes a page in 2 KiB pieces, and each would go on alone through the web stream, Express,
 * compression and zlib (a tenth of the server's time under load): the pieces written in one turn of
 * the event loop go on as one.
 */
function coalescing(): Transform {
  const parts: Buffer[] = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (parts.length && !out.destroyed) out.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
    parts.length = 0;
  };
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
      done();
    },
    flush(done) {
      send();
      done();
    },
  });
  return out;
}

/** The rendered document as the answer: streamed from its shell on, or whole for a bot. */
export function renderDocument(element: ReactElement, opts: RenderOptions): Promise<Response> {
  const { nonce, headers, waitForAll, abortDelay } = opts;
  let status = opts.status;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timer: NodeJS.Timeout | undefined;
    function stop() {
      clearTimeout(timer);
      abort();
    }
    const send = () => {
      shellRendered = true;
      const body = coalescing();
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        if (!waitForAll) send();
      },
      // Everything rendered: nothing is left for the abort timer to cut short.
      onAllReady() {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", stop);
        if (waitForAll) send();
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", stop);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered && !opts.signal?.aborted) console.error(error);
      },
    });
    timer = setTimeout(abort, abortDelay);
    if (opts.signal?.aborted) stop();
    else opts.signal?.addEventListener("abort", stop, { once: true });
  });
}
