// Rebuilding the file-search index (the spec's "ES migration"), for one organization or all.
//
// A job is a row in search_reindex_jobs. An in-process worker takes the oldest unfinished job and
// walks storage_items in id order, REINDEX_BATCH_SIZE rows per short transaction: it (re)writes each
// row's index entry in place and sweeps out index entries in the same id range that no longer match
// a record (deleted files, the root folders, which are never indexed). Progress (done, last_item_id)
// is saved with every batch, so after a restart the worker resumes where it stopped. Nothing is
// dropped first, so search keeps answering from the old entries while the rebuild runs, and between
// batches the worker yields to other requests.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { Deps, HonoEnv } from "../context";
import type { SearchReindexJobsTable } from "../db/schema";
import type { Selectable } from "kysely";
import { nowIso } from "../db";
import { readBody, refuse } from "../http";
import { ADMIN_MESSAGES, REINDEX_BATCH_SIZE, ReindexInput, type ReindexJob } from "../../app/models/schemas/admin";
import { audit, ctx, loadOrganization, plural, requireStaff } from "./common";

type JobRow = Selectable<SearchReindexJobsTable>;

/** Records of a scope that belong in the index: every folder and file except the aircraft roots. */
function scopeItems(deps: Deps, organizationId: number | null) {
  let q = deps.db.selectFrom("storage_items as s").innerJoin("aircraft as a", "a.id", "s.aircraft_id").where("s.path", "!=", "/");
  if (organizationId != null) q = q.where("a.organization_id", "=", organizationId);
  return q;
}

async function countItems(deps: Deps, organizationId: number | null) {
  const r = await scopeItems(deps, organizationId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Processes one batch of a job (starting it if queued). Returns true when the job is finished.
 * Exported for tests; the worker calls it in a loop.
 */
export async function runReindexBatch(deps: Deps, job: JobRow, batchSize = REINDEX_BATCH_SIZE): Promise<boolean> {
  const orgId = job.organization_id;
  if (job.status === "queued") {
    const total = await countItems(deps, orgId);
    await deps.db.updateTable("search_reindex_jobs").set({ status: "running", total }).where("id", "=", job.id).where("status", "=", "queued").execute();
  }
  const batch = await scopeItems(deps, orgId)
    .select(["s.id", "s.name", "s.path", "s.aircraft_id", "a.organization_id"])
    .where("s.id", ">", job.last_item_id)
    .orderBy("s.id")
    .limit(batchSize)
    .execute();
  const last = batch.length ? batch[batch.length - 1].id : job.last_item_id;
  // A short batch is the last one: the sweep then runs to the end of the index.
  const finished = batch.length < batchSize;
  const upTo = finished ? null : last;
  await deps.db.transaction().execute(async (trx) => {
    await deps.search.index(batch);
    const keep = new Set(batch.map((b) => b.id));
    let after = job.last_item_id;
    for (;;) {
      const ids = await deps.search.ids({ afterId: after, upToId: upTo, organizationId: orgId, limit: 5000 });
      if (!ids.length) break;
      const stale = ids.filter((id) => !keep.has(id));
      if (stale.length) await deps.search.remove(stale);
      after = ids[ids.length - 1];
      if (ids.length < 5000) break;
    }
    await trx
      .updateTable("search_reindex_jobs")
      .set({
        done: sql`done + ${batch.length}`,
        last_item_id: last,
        ...(finished ? { status: "done" as const, finished_at: nowIso() } : {}),
      })
      .where("id", "=", job.id)
      .execute();
  });
  if (finished) {
    const after = await deps.search.count(orgId);
    await deps.db.updateTable("search_reindex_jobs").set({ count_after: after }).where("id", "=", job.id).execute();
    await deps.audit.log({
      userId: job.created_by,
      action: "admin.search.reindex_done",
      entity: "search_reindex_job",
      entityId: job.id,
      organizationId: orgId,
      detail: { count_before: job.count_before, count_after: after },
      ip: null,
    });
  }
  return finished;
}

const nextJob = (deps: Deps) =>
  deps.db
    .selectFrom("search_reindex_jobs")
    .selectAll()
    .where("status", "in", ["running", "queued"])
    // A job interrupted by a restart (running) goes before newer queued ones.
    .orderBy(sql`CASE status WHEN 'running' THEN 0 ELSE 1 END`)
    .orderBy("id")
    .executeTakeFirst();

interface Worker {
  wake(): void;
  stop(): void;
  /** Resolves when the queue is empty (tests). */
  idle(): Promise<void>;
}

const workers = new WeakMap<Deps, Worker>();

/**
 * Starts the in-process reindex worker of an upstream (one per process; createUpstream calls this).
 * It resumes unfinished jobs at once. Returns a stop function.
 */
export function startReindexWorker(deps: Deps, opts: { batchSize?: number; pauseMs?: number } = {}): () => void {
  const batchSize = opts.batchSize ?? REINDEX_BATCH_SIZE;
  const pauseMs = opts.pauseMs ?? 10;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped || timer || busy) return;
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, ms);
  };
  const tick = async () => {
    if (stopped) return;
    busy = true;
    let again = false;
    let job: JobRow | undefined;
    try {
      job = await nextJob(deps);
      if (job) {
        await runReindexBatch(deps, job, batchSize);
        again = true;
      }
    } catch (err) {
      if (stopped) return;
      console.error("[reindex] job failed", job?.id, err);
      if (job) {
        await deps.db
          .updateTable("search_reindex_jobs")
          .set({ status: "failed", finished_at: nowIso() })
          .where("id", "=", job.id)
          .execute()
          .catch(() => undefined);
        again = true;
      }
    } finally {
      busy = false;
    }
    if (again) schedule(pauseMs);
  };
  const worker: Worker = {
    wake: () => schedule(0),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    idle: async () => {
      for (;;) {
        if (stopped) return;
        if (!busy && !timer) {
          if (!(await nextJob(deps))) return;
          schedule(0);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  workers.set(deps, worker);
  worker.wake();
  return worker.stop;
}

/** Pokes the worker after a job was queued. */
export const wakeReindexWorker = (deps: Deps) => workers.get(deps)?.wake();
/** Resolves when the worker has nothing left to do (tests). */
export const reindexIdle = (deps: Deps) => workers.get(deps)?.idle() ?? Promise.resolve();

function jobsQuery(deps: Deps) {
  return deps.db
    .selectFrom("search_reindex_jobs as j")
    .leftJoin("organizations as o", "o.id", "j.organization_id")
    .leftJoin("users as u", "u.id", "j.created_by")
    .select([
      "j.id",
      "j.organization_id",
      "j.status",
      "j.total",
      "j.done",
      "j.count_before",
      "j.count_after",
      "j.created_at",
      "j.finished_at",
      "o.name as org_name",
      "o.slug as org_slug",
      "u.username as created_by",
    ]);
}
type JobView = Awaited<ReturnType<ReturnType<typeof jobsQuery>["executeTakeFirstOrThrow"]>>;
const jobDto = (j: JobView): ReindexJob => ({
  id: j.id,
  organization: j.organization_id != null ? { id: j.organization_id, name: j.org_name ?? "", slug: j.org_slug ?? "" } : null,
  status: j.status,
  total: j.total,
  done: j.done,
  percent: j.status === "done" ? 100 : j.total > 0 ? Math.min(99.9, Math.round((j.done / j.total) * 1000) / 10) : 0,
  count_before: j.count_before,
  count_after: j.count_after,
  created_by: j.created_by ?? null,
  created_at: j.created_at,
  finished_at: j.finished_at,
});

export function registerReindexRoutes(app: Hono<HonoEnv>) {
  app.get("/admin/search/reindex.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const [jobs, itemsByOrg, orgs] = await Promise.all([
      jobsQuery(deps).orderBy("j.id", "desc").limit(20).execute(),
      scopeItems(deps, null)
        .select(["a.organization_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("a.organization_id")
        .execute(),
      deps.db
        .selectFrom("organizations")
        .select(["id", "name", "slug"])
        .orderBy(sql`lower(name)`)
        .execute(),
    ]);
    const indexed = await deps.search.countByOrganization();
    const by_organization = orgs.map((o) => ({
      organization: o,
      indexed: indexed.get(o.id) ?? 0,
      items: Number(itemsByOrg.find((r) => r.organization_id === o.id)?.n ?? 0),
    }));
    return c.json({
      jobs: jobs.map(jobDto),
      index: {
        indexed: [...indexed.values()].reduce((a, n) => a + n, 0),
        items: itemsByOrg.reduce((a, r) => a + Number(r.n), 0),
        by_organization,
      },
    });
  });

  app.post("/admin/search/reindex.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, ReindexInput);
    const orgId = input.organization_id ?? null;
    const org = orgId != null ? await loadOrganization(deps, orgId) : null;
    // One unfinished job per scope; a rebuild of everything covers every organization.
    let busy = deps.db.selectFrom("search_reindex_jobs").select("id").where("status", "in", ["queued", "running"]);
    busy = orgId == null ? busy : busy.where((eb) => eb.or([eb("organization_id", "is", null), eb("organization_id", "=", orgId)]));
    if (orgId == null) busy = busy.where("organization_id", "is", null);
    if (await busy.executeTakeFirst()) throw refuse(ADMIN_MESSAGES.reindexBusy);
    const [total, before] = [await countItems(deps, orgId), await deps.search.count(orgId)];
    const row = await deps.db
      .insertInto("search_reindex_jobs")
      .values({
        organization_id: orgId,
        status: "queued",
        total,
        done: 0,
        last_item_id: 0,
        count_before: before,
        count_after: null,
        created_by: user.id,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(c, "admin.search.reindex", "search_reindex_job", row.id, orgId, { count_before: before, items: total });
    wakeReindexWorker(deps);
    const job = jobDto(await jobsQuery(deps).where("j.id", "=", row.id).executeTakeFirstOrThrow());
    return c.json({
      message: `The search index of ${org ? org.name : "all organizations"} is being rebuilt (${plural(total, "record")}). Search keeps working meanwhile.`,
      job,
    });
  });
}
