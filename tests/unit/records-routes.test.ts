// The versions, trash and retention pages' loaders and actions called as plain functions against the
// embedded upstream (issue 19 items 1-3, ADR 042): a reader's page shows the reason and nothing to
// restore, a reader's replayed post is refused with the upstream's message and changes nothing; an
// Edit Access user restores from the trash; only an admin changes retention rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, toastOf, type Portal } from "../helpers/portal";

setPortalEnv();

type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
let client: string, reader: string, member: string, admin: string;
let aircraftId: number;

beforeAll(async () => {
  p = await startPortal();
  [client, reader, member, admin] = [await p.signIn("client@demo.aero"), await p.signIn("reader@demo.aero"), await p.signIn("member@demo.aero"), await p.signIn("admin@demo.aero")];
  aircraftId = (await p.up.upstream.deps.db.selectFrom("aircraft").select("id").where("msn", "=", "5123").executeTakeFirstOrThrow()).id;
});
afterAll(async () => p?.close());

// The retention page is server markup (ADR 063, 064): its data and answers from its page module (the route renders it).
const pageModule = (m: { load: unknown; act: unknown }) => ({ loader: m.load as Fn, action: m.act as Fn });
const trashPage = () => import("~/routes/_shell.storage+/aircraft.$aircraftId.trash");
const versionsPage = () => import("~/routes/_shell.storage+/aircraft.$aircraftId.versions");
const retentionPage = () => import("~/routes/_shell.admin+/retention").then((m) => ({ loader: m.loader as Fn, action: m.action as Fn }));
const deletePage = () => import("~/routes/_shell.storage+/delete");

async function aFile(folder: string) {
  const db = p.up.upstream.deps.db;
  return db.selectFrom("storage_items").selectAll().where("aircraft_id", "=", aircraftId).where("path", "like", `${folder}/%`).where("is_folder", "=", 0).orderBy("id").executeTakeFirstOrThrow();
}

describe("the trash page", () => {
  it("an Edit Access user deletes a file, sees it in the trash with a confirmation, and restores it", async () => {
    const file = await aFile("/04 SB Status");
    const del = await p.run((await deletePage()).action as Fn, "/storage/delete", { cookie: client, form: { aircraft_id: String(aircraftId), id: String(file.id) } });
    expect((await toastOf(del))?.description).toBe("1 item moved to the trash.");
    const { loader, action } = await trashPage();
    const params = { aircraftId: String(aircraftId) };
    const list = (await (await p.run(loader as Fn, `/storage/aircraft/${aircraftId}/trash`, { cookie: client, params })).json()) as { refusal: string | null; entries: { id: number; item_id: number }[]; retentionDays: number };
    expect(list.refusal).toBeNull();
    expect(list.retentionDays).toBe(30);
    const entry = list.entries.find((e) => e.item_id === file.id)!;
    expect(entry).toBeTruthy();
    const confirm = (await (await p.run(loader as Fn, `/storage/aircraft/${aircraftId}/trash?restore=${entry.id}`, { cookie: client, params })).json()) as { confirm: { id: number } | null };
    expect(confirm.confirm?.id).toBe(entry.id);

    // A reader: the page says why and lists nothing; a replayed post is refused and changes nothing.
    const readerList = (await (await p.run(loader as Fn, `/storage/aircraft/${aircraftId}/trash?restore=${entry.id}`, { cookie: reader, params })).json()) as { refusal: string; entries: unknown[]; confirm: unknown };
    expect(readerList.refusal).toMatch(/Edit Access/);
    expect(readerList.entries).toEqual([]);
    expect(readerList.confirm).toBeNull();
    const refused = await p.run(action as Fn, `/storage/aircraft/${aircraftId}/trash`, { cookie: reader, params, form: { entry_id: String(entry.id) } });
    expect(refused.headers.get("Location")).toBe(`/storage/aircraft/${aircraftId}/trash`);
    expect((await toastOf(refused))?.description).toMatch(/Read Access to this aircraft. Edit Access is needed/);
    expect(await p.up.upstream.deps.db.selectFrom("storage_items").select("id").where("id", "=", file.id).executeTakeFirst()).toBeUndefined();

    const ok = await p.run(action as Fn, `/storage/aircraft/${aircraftId}/trash`, { cookie: client, params, form: { entry_id: String(entry.id) } });
    expect((await toastOf(ok))?.description).toBe(`"${file.name}" restored to /04 SB Status.`);
    expect(await p.up.upstream.deps.db.selectFrom("storage_items").select("path").where("id", "=", file.id).executeTakeFirst()).toEqual({ path: file.path });
  });
});

describe("the versions page", () => {
  it("a reader is told versions need Edit Access; a replayed restore is refused", async () => {
    const file = await aFile("/01 Certificates");
    const { loader, action } = await versionsPage();
    const params = { aircraftId: String(aircraftId) };
    const d = (await (await p.run(loader as Fn, `/storage/aircraft/${aircraftId}/versions?fileid=${file.id}`, { cookie: reader, params })).json()) as { refusal: string; versions: unknown[] };
    expect(d.refusal).toMatch(/Edit Access/);
    expect(d.versions).toEqual([]);
    const refused = await p.run(action as Fn, `/storage/aircraft/${aircraftId}/versions`, { cookie: reader, params, form: { file_id: String(file.id), version_id: "1" } });
    expect((await toastOf(refused))?.description).toMatch(/Edit Access is needed/);
    const mine = (await (await p.run(loader as Fn, `/storage/aircraft/${aircraftId}/versions?fileid=${file.id}`, { cookie: client, params })).json()) as { refusal: null; versions: { current: boolean }[] };
    expect(mine.versions.map((v) => v.current)).toEqual([true]);
  });
});

describe("the retention page", () => {
  it("an admin sets a rule; a member reads the page but a replayed post is refused", async () => {
    const { loader, action } = await retentionPage();
    const set = await p.run(action as Fn, "/admin/retention", { cookie: admin, form: { intent: "rule", class_key: "apu", keep: "years", years: "12" } });
    expect((await toastOf(set))?.description).toBe("APU: kept for at least 12 years.");
    const bad = await p.run(action as Fn, "/admin/retention", { cookie: admin, form: { intent: "rule", class_key: "apu", keep: "years", years: "" } });
    expect((await toastOf(bad))?.description).toMatch(/number of years/);
    const d = (await (await p.run(loader as Fn, "/admin/retention", { cookie: member })).json()) as { isAdmin: boolean; classes: { key: string; keep: string; years: number | null }[]; aircraft: unknown[] };
    expect(d.isAdmin).toBe(false);
    expect(d.aircraft).toEqual([]);
    expect(d.classes.find((c) => c.key === "apu")).toMatchObject({ keep: "years", years: 12 });
    const replay = await p.run(action as Fn, "/admin/retention", { cookie: member, form: { intent: "rule", class_key: "apu", keep: "none" } });
    expect(replay.status).toBeGreaterThanOrEqual(300);
    expect(replay.headers.get("Location")).not.toBe("/admin/retention");
    expect(await p.up.upstream.deps.db.selectFrom("retention_rules").select(["keep", "years"]).where("class_key", "=", "apu").executeTakeFirst()).toEqual({ keep: "years", years: 12 });
    const client403 = await p.run(loader as Fn, "/admin/retention", { cookie: client });
    expect(client403.status).toBeGreaterThanOrEqual(300);
  });
});
