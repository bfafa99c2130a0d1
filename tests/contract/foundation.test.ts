// Issue 2's "done when", over real HTTP: every demo account signs in; the aircraft list is scoped by
// the auth headers and refused without them; a signed upload accepts a file within policy and
// refuses a tampered one (nothing left on disk).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AircraftListAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { DEMO_ACCOUNTS } from "../../upstream/db/seed";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";

let up: TestUpstream;
beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(() => up.close());

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("the embedded upstream on a fresh DATA_DIR", () => {
  it("signs in every demo account and answers a token and the user", async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(
      ["admin@demo.aero", "client@demo.aero", "consultant@demo.aero", "member@demo.aero", "reader@demo.aero", "template@demo.aero"],
    );
    for (const a of DEMO_ACCOUNTS) {
      const res = await fetch(`${up.mainUrl}/users/sign_in.json`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user: { email: a.email, password: "demo-pass-2026" } }),
      });
      expect(res.status, a.email).toBe(200);
      const body = await res.json();
      expect(body.token).toMatch(/^[\w-]{32,}$/);
      expect(body.user).toMatchObject({ email: a.email, role: a.role });
    }
  });

  it("lists the user's own aircraft with the headers and answers 401 without them", async () => {
    const bare = await fetch(`${up.mainUrl}/storage/v2/aircraft.json`);
    expect(bare.status).toBe(401);
    const wrongUuid = await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, {
      headers: { ...(await up.signIn("client@demo.aero")), "x-user-uuid": "not-the-client" },
    });
    expect(wrongUuid.status).toBe(401);

    const client = AircraftListAnswer.parse(await (await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, { headers: await up.signIn("client@demo.aero") })).json());
    const reader = AircraftListAnswer.parse(await (await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, { headers: await up.signIn("reader@demo.aero") })).json());
    const admin = AircraftListAnswer.parse(await (await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, { headers: await up.signIn("admin@demo.aero") })).json());
    expect(client.aircrafts.length).toBeGreaterThan(0);
    expect(new Set(client.aircrafts.map((a) => a.organization.slug))).toEqual(new Set(["skyline"]));
    expect(client.aircrafts.every((a) => a.access === "write")).toBe(true);
    expect(reader.aircrafts.length).toBeLessThan(client.aircrafts.length);
    expect(reader.aircrafts.every((a) => a.access === "read")).toBe(true);
    expect(admin.aircrafts.length).toBeGreaterThan(client.aircrafts.length);
    expect(admin.counts.total).toBe(admin.aircrafts.length);
  });

  it("accepts an upload within the signed policy and refuses a tampered one, leaving nothing on disk", async () => {
    const headers = { ...(await up.signIn("client@demo.aero")), "content-type": "application/json" };
    const list = AircraftListAnswer.parse(await (await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, { headers })).json());
    const aircraftId = list.aircrafts[0].id;
    const link = UploadLinkAnswer.parse(
      await (await fetch(`${up.mainUrl}/storage/v2/files/upload_link.json`, { method: "POST", headers, body: JSON.stringify({ aircraft_id: aircraftId, dir: "/" }) })).json(),
    );
    const url = new URL(link.url, up.origin).href;
    const post = (fields: Record<string, string>, name: string, bytes: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append("file", new Blob([bytes]), name);
      return fetch(url, { method: "POST", body: fd });
    };
    const blobRoot = path.join(up.dataDir, "blobs");
    const before = filesUnder(blobRoot).length;

    const ok = await post({ ...link.url_fields, key: `${link.key_prefix}Engine_Report.txt` }, "Engine_Report.txt", "engine report bytes");
    expect(ok.status).toBeLessThan(300);
    expect(filesUnder(blobRoot).length).toBe(before + 1);

    const tamperedPolicy = await post({ ...link.url_fields, key: `${link.key_prefix}a.txt`, policy: link.url_fields.policy.slice(0, -4) + "AAAA" }, "a.txt", "x");
    expect(tamperedPolicy.status).toBe(403);
    const outOfPrefix = await post({ ...link.url_fields, key: `aircraft/${aircraftId + 1}/evil/a.txt` }, "a.txt", "x");
    expect(outOfPrefix.status).toBe(403);
    expect(filesUnder(blobRoot).length).toBe(before + 1);
  });
});
