// The OpenAPI document on the production server (issue 18 item 6, ADR 046): served at
// /_api/openapi.json beside the embedded APIs, the same bytes as docs/api/openapi.json, and enough
// for an integrator: sign in at the documented path, then call a signed-in operation with the
// documented headers.
import fs from "node:fs";
import { DEFAULT_CLIENT_UUID } from "../../upstream/config";
import { expect, test } from "./fixtures";

test("the server serves the OpenAPI document, and the document is enough to call the APIs", async ({ request }) => {
  const res = await request.get("/_api/openapi.json");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  const text = await res.text();
  expect(text).toBe(fs.readFileSync("docs/api/openapi.json", "utf8"));
  const doc = JSON.parse(text);
  expect(doc.openapi).toBe("3.1.0");

  const signInPath = Object.keys(doc.paths).find((p) => doc.paths[p].post?.operationId === "signIn")!;
  const mePath = Object.keys(doc.paths).find((p) => doc.paths[p].get?.operationId === "me")!;
  expect([signInPath, mePath]).toEqual(["/_api/main/users/sign_in.json", "/_api/main/user/me.json"]);
  const signedIn = await request.post(signInPath, { data: { user: { email: "client@demo.aero", password: "demo-pass-2026" } } });
  expect(signedIn.status()).toBe(200);
  const { token } = await signedIn.json();
  const schemes = doc.components.securitySchemes as Record<string, { name: string }>;
  const headers = { [schemes.userEmail.name]: "client@demo.aero", [schemes.userToken.name]: token, [schemes.clientUuid.name]: DEFAULT_CLIENT_UUID };
  const me = await request.get(mePath, { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe("client@demo.aero");
  expect((await request.get(mePath)).status()).toBe(401);
});
