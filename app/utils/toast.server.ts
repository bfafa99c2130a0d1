import { redirect } from "@remix-run/node";
import { z } from "zod";
import { createSealedCookieSessionStorage } from "./sealed-cookie.server";
import { secureCookies, sessionSecrets } from "./session.server";

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().optional(),
  description: z.string(),
  /** Display time in ms: the spec's snackbar default is 5000, export errors 15000. */
  duration: z.number().int().positive().default(5000),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const KEY = "toast" as const;
type ToastSession = ReturnType<typeof createSealedCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
let storage: ToastSession | null = null;
function toastStorage() {
  storage ??= createSealedCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    // Same rules as the session cookie: sealed, httpOnly, Secure on https (issue 10).
    cookie: { name: "en_toast", sameSite: "lax", path: "/", httpOnly: true, secrets: sessionSecrets(), secure: secureCookies() },
  });
  return storage;
}

/** A Set-Cookie header value that carries one flash toast to the next page. */
export async function createToastHeaders(toast: ToastInput) {
  const session = await toastStorage().getSession();
  session.flash(KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [k, v] of await createToastHeaders(toast)) headers.append(k, v);
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the flash toast; the root loader calls this on every request. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(KEY));
  const toast = parsed.success ? parsed.data : null;
  return {
    toast,
    headers: toast ? new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }) : null,
  };
}

/** Upstream messages use <br> for line breaks; the snackbar uses real newlines. */
export const brToNewline = (s: string) => s.replace(/<br\s*\/?>/gi, "\n");
