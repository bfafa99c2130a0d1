// The AeroOPS work-order screens (issue 14) against the seeded embedded upstream: the lists by kind
// and search; a work order created with three tasks (task rows added and removed by the server),
// updated twice (three versions), two versions compared, exported at version 2; fields the form
// does not edit kept across versions; a reader's posts refused; deleting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTAL_ORIGIN, setPortalEnv, startPortal, toastOf, type Portal } from "../helpers/portal";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
const cookies: Record<string, string> = {};
let listAll: { loader: Fn };
let listEngine: { loader: Fn };
let create: { loader: Fn; action: Fn };
let update: { loader: Fn; action: Fn };
let fleet: { loader: Fn };
let exportRoute: { action: Fn };
let aircraftId = 0;
let ctx = "";

beforeAll(async () => {
  p = await startPortal();
  listAll = (await import("~/routes/_shell.client+/Aeroops.workorder._index")) as never;
  listEngine = (await import("~/routes/_shell.client+/Aeroops.workorder.engineworkorder")) as never;
  create = (await import("~/routes/_shell.client+/Aeroops.createworkorder")) as never;
  update = (await import("~/routes/_shell.client+/Aeroops.updateworkorder.$woRef")) as never;
  fleet = (await import("~/routes/_shell.Aeroops+/org.Aircrafts")) as never;
  exportRoute = (await import("~/routes/resources+/ops-export")) as never;
  for (const e of ["client@demo.aero", "reader@demo.aero"]) cookies[e] = await p.signIn(e);
  const f = (await (await p.run(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", { cookie: cookies["client@demo.aero"] })).json()) as { fleet: { aircrafts: { id: number }[] } };
  aircraftId = f.fleet.aircrafts[0]!.id;
  ctx = `?org_msn_id=${aircraftId}&aerotype=Aeroops`;
}, 60_000);
afterAll(() => p?.close());

type List = { rows: { work_order_id: number; kind: string; number: string; title: string; href: string }[]; list: { total: number }; canEdit: boolean };
type View = {
  wo: { id: number; latest: number; number: string; status: string };
  shown: { version: number; form: { station: string; remarks: string; tasks: { description: string; man_hours: string }[] }; extra: Record<string, unknown>; total: number };
  compare: { version: number } | null;
  versions: { version: number; created_by: string | null }[];
  missing: number[];
  editing: boolean;
};
const json = async <T,>(r: Response) => (await r.json()) as T;
const taskFields = (tasks: [string, string, string, string][]) =>
  Object.fromEntries(tasks.flatMap(([ref, description, status, hours], i) => [[`task.${i}.ref`, ref], [`task.${i}.description`, description], [`task.${i}.status`, status], [`task.${i}.man_hours`, hours]]));

describe("work-order lists", () => {
  it("list an aircraft's work orders newest first, by kind, searched by number or title", async () => {
    const all = await json<List>(await p.run(listAll.loader, `/client/Aeroops/workorder${ctx}`, { cookie: cookies["client@demo.aero"] }));
    expect(all.list.total).toBeGreaterThan(1);
    expect(all.canEdit).toBe(true);
    const engine = await json<List>(await p.run(listEngine.loader, `/client/Aeroops/workorder/engineworkorder${ctx}`, { cookie: cookies["client@demo.aero"] }));
    expect(engine.rows.length).toBeGreaterThan(0);
    expect(engine.rows.every((r) => r.kind === "engine")).toBe(true);
    expect(engine.rows[0]!.href).toBe(`/client/Aeroops/updateworkorder/engine_wo${engine.rows[0]!.work_order_id}${ctx}`);
    const word = engine.rows[0]!.title.split(" ")[0]!;
    const found = await json<List>(await p.run(listEngine.loader, `/client/Aeroops/workorder/engineworkorder${ctx}&q=${encodeURIComponent(word.toLowerCase())}`, { cookie: cookies["client@demo.aero"] }));
    expect(found.rows.every((r) => `${r.number} ${r.title}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(found.rows.length).toBeGreaterThan(0);
  });
});

describe("a work order from creation to its third version", () => {
  let id = 0;
  let path = "";

  it("adds and removes task rows on the server, refuses a bad form, then creates version 1", async () => {
    const base = { kind: "engine", number: "WO-UNIT-7", title: "Borescope after bird strike", status: "open", station: "Shannon", remarks: "" };
    const added = await json<{ form: { tasks: unknown[] } }>(
      await p.run(create.action, `/client/Aeroops/createworkorder${ctx}`, { cookie: cookies["client@demo.aero"], form: { ...base, ...taskFields([["1", "Inspect", "open", "2"]]), intent: "add-task" } })
    );
    expect(added.form.tasks).toHaveLength(2);
    const removed = await json<{ form: { tasks: { description: string }[] } }>(
      await p.run(create.action, `/client/Aeroops/createworkorder${ctx}`, {
        cookie: cookies["client@demo.aero"],
        form: { ...base, ...taskFields([["1", "Inspect", "open", "2"], ["2", "Drop me", "open", ""]]), intent: "remove-task:1" },
      })
    );
    expect(removed.form.tasks.map((t) => t.description)).toEqual(["Inspect"]);
    const bad = await p.run(create.action, `/client/Aeroops/createworkorder${ctx}`, {
      cookie: cookies["client@demo.aero"],
      form: { ...base, title: " ", ...taskFields([["1", "Inspect", "open", "two"]]), intent: "save" },
    });
    expect(bad.status).toBe(422);
    const badBody = await json<{ errors: Record<string, string[]> }>(bad);
    expect(Object.keys(badBody.errors).sort()).toEqual(["task.0.man_hours", "title"]);

    const res = await p.run(create.action, `/client/Aeroops/createworkorder${ctx}`, {
      cookie: cookies["client@demo.aero"],
      form: { ...base, ...taskFields([["1", "Borescope HPT stage 1", "open", "2.5"], ["2", "Borescope LPC", "open", "1.5"], ["3", "Inspect fan blades", "open", "1"], ["", "", "open", ""]]), intent: "save" },
    });
    expect(res.status).toBe(302);
    path = res.headers.get("Location")!;
    expect(path).toMatch(/^\/client\/Aeroops\/updateworkorder\/engine_wo\d+\?org_msn_id=/);
    id = Number(/engine_wo(\d+)/.exec(path)![1]);
    const v1 = await json<View>(await p.run(update.loader, path, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(v1.shown.version).toBe(1);
    expect(v1.shown.form.tasks).toHaveLength(3);
    expect(v1.shown.total).toBe(5);
    expect(v1.editing).toBe(true);
  });

  it("each save is a new version; two versions are compared; the PDF and Excel of version 2 download", async () => {
    const save = (tasks: [string, string, string, string][], status: string) =>
      p.run(update.action, path, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` }, form: { kind: "engine", number: "WO-UNIT-7", title: "Borescope after bird strike", status, station: "Shannon", remarks: "Signed off.", ...taskFields(tasks), intent: "save" } });
    const r2 = await save([["1", "Borescope HPT stage 1", "done", "3"], ["2", "Borescope LPC", "open", "1.5"], ["3", "Inspect fan blades", "open", "1"]], "in progress");
    expect((await toastOf(r2))?.description).toMatch(/Saved as version 2\.$/);
    const r3 = await save([["1", "Borescope HPT stage 1", "done", "3"], ["2", "Borescope LPC", "done", "1.5"], ["3", "Inspect fan blades", "done", "1"]], "closed");
    expect((await toastOf(r3))?.description).toMatch(/Saved as version 3\.$/);

    const latest = await json<View>(await p.run(update.loader, path, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(latest.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(latest.versions[0]!.created_by).toBeTruthy();
    expect(latest.wo.status).toBe("closed");
    const cmp = await json<View>(await p.run(update.loader, `${path}&version=1&compare=3`, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(cmp.shown.version).toBe(1);
    expect(cmp.compare?.version).toBe(3);
    expect(cmp.editing).toBe(false);
    const gone = await json<View>(await p.run(update.loader, `${path}&version=9`, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(gone.missing).toEqual([9]);
    expect(gone.shown.version).toBe(3);

    for (const [kind, type] of [
      ["wo-pdf", "application/pdf"],
      ["wo-excel", "spreadsheetml"],
    ] as const) {
      const res = await (exportRoute.action as unknown as (a: unknown) => Promise<Response>)({
        request: new Request(`${PORTAL_ORIGIN}/resources/ops-export`, {
          method: "POST",
          headers: { Cookie: cookies["client@demo.aero"]!, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ kind, work_order_id: String(id), version: "2", back: path }).toString(),
        }),
        context: p.context,
        params: {},
      });
      expect(res.status, kind).toBe(200);
      expect(res.headers.get("Content-Type"), kind).toContain(type);
      expect(res.headers.get("Content-Disposition"), kind).toMatch(/_v2\./);
    }
  });

  it("refuses a reader's update and delete with the upstream's message; nothing changes", async () => {
    const readerFleet = await json<{ fleet: { aircrafts: { id: number }[] } }>(await p.run(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", { cookie: cookies["reader@demo.aero"] }));
    expect(readerFleet.fleet.aircrafts.map((a) => a.id)).toContain(aircraftId);
    const view = await json<View>(await p.run(update.loader, path, { cookie: cookies["reader@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(view.editing).toBe(false);
    const res = await p.run(update.action, path, { cookie: cookies["reader@demo.aero"], params: { woRef: `engine_wo${id}` }, form: { number: "X", title: "Y", status: "open", intent: "save" } });
    expect(res.status).toBe(422);
    expect((await json<{ formError: string }>(res)).formError).toMatch(/Read Access/);
    const del = await p.run(update.action, path, { cookie: cookies["reader@demo.aero"], params: { woRef: `engine_wo${id}` }, form: { intent: "delete" } });
    expect(del.status).toBe(422);
    const createPage = await p.run(create.loader, `/client/Aeroops/createworkorder${ctx}`, { cookie: cookies["reader@demo.aero"] });
    expect(createPage.status).toBe(302);
    expect((await toastOf(createPage))?.description).toMatch(/Read Access/);
    const after = await json<View>(await p.run(update.loader, path, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(after.wo.latest).toBe(3);
  });

  it("deletes after the confirmation", async () => {
    const confirm = await json<{ confirmDelete: boolean }>(await p.run(update.loader, `${path}&confirm=delete`, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` } }));
    expect(confirm.confirmDelete).toBe(true);
    const res = await p.run(update.action, path, { cookie: cookies["client@demo.aero"], params: { woRef: `engine_wo${id}` }, form: { intent: "delete" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/client/Aeroops/workorder/engineworkorder${ctx}`);
    const list = await json<List>(await p.run(listEngine.loader, `/client/Aeroops/workorder/engineworkorder${ctx}`, { cookie: cookies["client@demo.aero"] }));
    expect(list.rows.some((r) => r.work_order_id === id)).toBe(false);
  });
});

describe("a seeded work order", () => {
  it("keeps the fields the form does not edit (planned dates, task ATA) in the next version", async () => {
    const all = await json<List>(await p.run(listAll.loader, `/client/Aeroops/workorder/aircraftworkorder${ctx}`, { cookie: cookies["client@demo.aero"] }));
    const aircraftList = await json<List>(await p.run((await import("~/routes/_shell.client+/Aeroops.workorder.aircraftworkorder")).loader as never, `/client/Aeroops/workorder/aircraftworkorder${ctx}`, { cookie: cookies["client@demo.aero"] }));
    expect(all.rows.length).toBeGreaterThan(0);
    const w = aircraftList.rows[0]!;
    const woRef = `aircraft_wo${w.work_order_id}`;
    const path = `/client/Aeroops/updateworkorder/${woRef}${ctx}`;
    const before = await json<View>(await p.run(update.loader, path, { cookie: cookies["client@demo.aero"], params: { woRef } }));
    expect(Object.keys(before.shown.extra).length).toBeGreaterThan(0);
    const tasks = before.shown.form.tasks.map((t, i): [string, string, string, string] => [String(i + 1), t.description, "done", t.man_hours]);
    const res = await p.run(update.action, path, {
      cookie: cookies["client@demo.aero"],
      params: { woRef },
      form: { kind: "aircraft", number: w.number, title: w.title, status: "closed", station: before.shown.form.station, remarks: "All done.", ...taskFields(tasks), intent: "save" },
    });
    expect(res.status).toBe(302);
    const after = await json<View>(await p.run(update.loader, path, { cookie: cookies["client@demo.aero"], params: { woRef } }));
    expect(after.shown.version).toBe(before.wo.latest + 1);
    expect(after.shown.extra).toEqual(before.shown.extra);
    expect(after.shown.form.remarks).toBe("All done.");
  });
});
