// Text extraction reports and re-runs (issue 17, ADR 039; docs/api/storage.md "OCR"):
// the OCR Report of one aircraft, the OCR Status of every aircraft the caller may see, and the
// re-run of one file or a whole aircraft (Super User, admin, member).
import { jsonValues } from "../db/dialect";
import type { Context, Hono } from "hono";
import { sql } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import { accessLevel, atLeast, isStaff, requireAccess, visibleAircraftIds } from "../access";
import { notFound, readBody } from "../http";
import { EXTRACT_JOB, queueExtraction } from "../jobs/extract-text";
import { readCounter, RECOVERY_COUNTERS } from "../jobs/recovery";
import { orphanSweepTotals } from "../blob/orphans";
import { LOW_CONFIDENCE, OcrRerunInput, TEXT_STATUSES, type OcrProblemFile, type TextCounts } from "../../app/models/schemas/ocr";
import { parentOf } from "../../app/models/paths";

type Ctx = Context<HonoEnv>;
const PROBLEMS_MAX = 200;

const emptyCounts = (): TextCounts => ({ pending: 0, processing: 0, done: 0, failed: 0, no_text: 0, total: 0 });

/** Counts by status per aircraft; a file with no extraction row yet counts as pending. */
async function countsByAircraft(deps: Deps, aircraftIds: number[]) {
  const out = new Map<number, TextCounts & { pages: number }>();
  if (!aircraftIds.length) return out;
  const rows = await sql<{ aircraft_id: number; status: string; n: number; pages: number }>`
    SELECT s.aircraft_id, coalesce(t.status, 'pending') AS status, count(*) AS n, sum(CASE WHEN t.status = 'done' THEN coalesce(t.pages, 0) ELSE 0 END) AS pages
    FROM storage_items s LEFT JOIN file_text t ON t.file_id = s.id
    WHERE s.is_folder = 0 AND s.blob_key IS NOT NULL AND s.aircraft_id IN (${jsonValues(deps.db, aircraftIds)})
    GROUP BY s.aircraft_id, coalesce(t.status, 'pending')`.execute(deps.db);
  for (const r of rows.rows) {
    const c = out.get(r.aircraft_id) ?? { ...emptyCounts(), pages: 0 };
    if ((TEXT_STATUSES as readonly string[]).includes(r.status)) c[r.status as keyof TextCounts] += Number(r.n);
    c.total += Number(r.n);
    c.pages += Number(r.pages ?? 0);
    out.set(r.aircraft_id, c);
  }
  return out;
}

async function problems(deps: Deps, aircraftIds: number[]): Promise<OcrProblemFile[]> {
  if (!aircraftIds.length) return [];
  const rows = await deps.db
    .selectFrom("file_text as t")
    .innerJoin("storage_items as s", "s.id", "t.file_id")
    .innerJoin("aircraft as a", "a.id", "s.aircraft_id")
    .select(["s.id", "s.aircraft_id", "a.name as aircraft_name", "s.name", "s.path", "t.status", "t.method", "t.pages", "t.confidence", "t.error", "t.extracted_at"])
    .where((eb) => eb("t.aircraft_id", "in", aircraftIds))
    .where((eb) => eb.or([eb("t.status", "=", "failed"), eb.and([eb("t.confidence", "is not", null), eb("t.confidence", "<", LOW_CONFIDENCE), eb("t.status", "in", ["done", "no_text"])])]))
    .orderBy(sql`CASE WHEN t.status = 'failed' THEN 0 ELSE 1 END`)
    .orderBy("t.confidence")
    .orderBy("s.path")
    .limit(PROBLEMS_MAX)
    .execute();
  return rows.map((r) => ({ ...r, dir: parentOf(r.path) ?? "/", status: r.status as OcrProblemFile["status"] }));
}

async function jobCounts(deps: Deps, aircraftIds: number[] | "all") {
  if (aircraftIds === "all") return deps.jobs.pending(EXTRACT_JOB);
  // The files of these aircraft, as a subquery of the same database (both queues live there).
  const files = deps.db.selectFrom("storage_items").select("id").where("aircraft_id", "in", aircraftIds.length ? aircraftIds : [-1]);
  return deps.jobs.pending(EXTRACT_JOB, { payloadKey: "file_id", ids: files });
}

async function aircraftReport(c: Ctx) {
  const user = c.get("user");
  const deps = c.get("deps");
  const id = Number(c.req.param("id"));
  const level = await accessLevel(deps, user, id, "storage");
  if (!level) throw notFound("That aircraft");
  const aircraft = await deps.db.selectFrom("aircraft").select(["id", "name", "msn", "registration"]).where("id", "=", id).executeTakeFirstOrThrow();
  const counts = (await countsByAircraft(deps, [id])).get(id) ?? { ...emptyCounts(), pages: 0 };
  const folders = await sql<{ path: string; files: number }>`
    SELECT p.path AS path, count(*) AS files
    FROM storage_items s LEFT JOIN file_text t ON t.file_id = s.id JOIN storage_items p ON p.id = s.parent_id
    WHERE s.aircraft_id = ${id} AND s.is_folder = 0 AND s.blob_key IS NOT NULL AND coalesce(t.status, 'pending') IN ('pending', 'processing')
    GROUP BY p.path ORDER BY files DESC, p.path LIMIT 100`.execute(deps.db);
  const { pages, ...rest } = counts;
  return c.json({
    aircraft,
    counts: rest,
    pages,
    pending_folders: folders.rows.map((f) => ({ aircraft_id: id, path: f.path, files: Number(f.files) })),
    problems: await problems(deps, [id]),
    jobs: await jobCounts(deps, [id]),
    can_rerun: atLeast(level, "su_write"),
    can_rerun_file: atLeast(level, "write"),
    generated_at: new Date().toISOString(),
  });
}

async function fleetStatus(c: Ctx) {
  const user: AuthUser = c.get("user");
  const deps = c.get("deps");
  const ids = await visibleAircraftIds(deps, user, "storage");
  const rows = ids.length
    ? await deps.db
        .selectFrom("aircraft as a")
        .innerJoin("organizations as o", "o.id", "a.organization_id")
        .leftJoin("aircraft_access as aa", (j) => j.onRef("aa.aircraft_id", "=", "a.id").on("aa.user_id", "=", user.id).on("aa.product", "=", "storage"))
        .select(["a.id", "a.name", "a.msn", "a.registration", "o.name as organization", "aa.access"])
        .where("a.id", "in", ids)
        .orderBy("o.name")
        .orderBy("a.name")
        .execute()
    : [];
  const counts = await countsByAircraft(deps, ids);
  const totals = emptyCounts();
  const aircraft = rows.map((r) => {
    const { pages: _pages, ...cnt } = counts.get(r.id) ?? { ...emptyCounts(), pages: 0 };
    for (const k of Object.keys(totals) as (keyof TextCounts)[]) totals[k] += cnt[k];
    return { id: r.id, name: r.name, msn: r.msn, registration: r.registration, organization: r.organization, counts: cnt, can_rerun: isStaff(user) || r.access === "su_write", can_rerun_file: isStaff(user) || r.access === "su_write" || r.access === "write" };
  });
  return c.json({
    totals,
    aircraft,
    problems: await problems(deps, ids),
    jobs: await jobCounts(deps, isStaff(user) ? "all" : ids),
    ...(isStaff(user) ? { housekeeping: await housekeeping(deps) } : {}),
    generated_at: new Date().toISOString(),
  });
}

/** What the sweeps and the job recovery did (ADR 068): for the staff's OCR Status view. */
async function housekeeping(deps: Deps) {
  const orphans = await orphanSweepTotals(deps.db);
  return {
    orphan_files: orphans.files,
    orphan_bytes: orphans.bytes,
    last_sweep_at: orphans.last_sweep_at,
    open_uploads: orphans.open_uploads,
    released_jobs: await readCounter(deps.db, RECOVERY_COUNTERS.released),
    quarantined_jobs: await readCounter(deps.db, RECOVERY_COUNTERS.quarantined),
  };
}

async function rerun(c: Ctx) {
  const user = c.get("user");
  const deps = c.get("deps");
  const input = await readBody(c, OcrRerunInput);
  // One file: Edit Access is enough (such a user could upload it again anyway); a whole aircraft
  // (heavy: every file is read again): Super User, admin or member (ADR 039). Readers never.
  await requireAccess(deps, user, input.aircraft_id, "storage", input.file_id != null ? "write" : "su_write");
  let ids: number[];
  if (input.file_id != null) {
    const f = await deps.db.selectFrom("storage_items").select("id").where("id", "=", input.file_id).where("aircraft_id", "=", input.aircraft_id).where("is_folder", "=", 0).executeTakeFirst();
    if (!f) throw notFound("That file");
    ids = [f.id];
  } else {
    ids = (await deps.db.selectFrom("storage_items").select("id").where("aircraft_id", "=", input.aircraft_id).where("is_folder", "=", 0).where("blob_key", "is not", null).execute()).map((r) => r.id);
  }
  const queued = await queueExtraction(deps, deps.jobs, ids, { force: true });
  await deps.audit.log({ userId: user.id, action: "storage.ocr_rerun", entity: "aircraft", entityId: input.aircraft_id, detail: { file_id: input.file_id ?? null, queued }, ip: user.ip });
  const message = input.file_id != null ? "The file is queued for text extraction." : `${queued} ${queued === 1 ? "file is" : "files are"} queued for text extraction.`;
  return c.json({ queued, message });
}

export function registerOcrRoutes(app: Hono<HonoEnv>) {
  app.get("/storage/v2/aircraft/:id{[0-9]+}/ocr_report.json", aircraftReport);
  app.get("/storage/v2/ocr_status.json", fleetStatus);
  app.post("/storage/v2/ocr/rerun.json", rerun);
}
