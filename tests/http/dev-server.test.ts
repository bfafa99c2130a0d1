// `npm run dev`: the same server.ts with Vite's middleware. Pages render from source; a page that
// hydrates gets Remix's hot module replacement, a page without Remix's scripts a reload on change,
// and both get the styles of their routes in the page (there is no built stylesheet in development).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ env: { NODE_ENV: "development" } });
}, 120_000);
afterAll(async () => portal?.close());

describe("the development server", () => {
  it("serves plain pages with their styles and the reload hook, hydrated pages with hot module replacement", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");

    const home = await b.open("/client/home");
    expect(home.status).toBe(200);
    expect(home.doc.querySelector("h1")?.textContent).toContain("Welcome");
    expect(home.html).not.toContain("window.__remixContext");
    expect(home.html).toMatch(/<script type="module" nonce="[^"]+">import \{ createHotContext \} from "\/@vite\/client"/);
    // The routes' styles, from source (vanilla-extract through Vite).
    expect(home.html).toMatch(/<style[^>]*>[^<]*\.vanilla\.css/);

    const overview = await b.open("/storage/overview");
    const folder = /href="(\/storage\/aircraft\/\d+\/files)"/.exec(overview.html)?.[1];
    expect(folder).toBeTruthy();
    const page = await b.open(folder!);
    expect(page.status).toBe(200);
    expect(page.html).toContain("window.__remixContext");
    expect(page.html).toContain("virtual:remix/inject-hmr-runtime");

    const client = await fetch(`${portal.url}/@vite/client`);
    expect(client.status).toBe(200);
    expect(await client.text()).toContain("createHotContext");
  }, 120_000);
});
