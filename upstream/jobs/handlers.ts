// Every kind of background job and its handler, in one place: the portal's own worker loops
// (JOB_WORKERS) and `npm run worker` (scripts/worker.ts) run the same list.
import type { Deps } from "../context";
import { SUGGEST_JOB, queueSuggestions, suggestLinksHandler } from "../main/links";
import { isBackupRunning } from "../backup";
import { TRASH_SWEEP_JOB, sweepTrash } from "../records/trash";
import { EXTRACT_JOB, extractTextHandler, markExtractionQuarantined } from "./extract-text";
import type { Extractor } from "./extract-sandbox";
import { ORPHAN_SWEEP_JOB, sweepOrphanUploads } from "../blob/orphans";
import type { QuarantineHook } from "./recovery";
import type { Job, JobHandler } from "./queue";

/** What a kind does when one of its jobs is quarantined (its worker died twice while running it). */
export function quarantineHook(deps: Pick<Deps, "db">): QuarantineHook {
  return async (kind, payload, reason) => {
    if (kind === EXTRACT_JOB) await markExtractionQuarantined(deps.db, payload, reason);
  };
}

export function jobHandlers(deps: Pick<Deps, "db" | "blob" | "jobs" | "audit" | "config">, extractor: Extractor): Record<string, JobHandler> {
  const extract = extractTextHandler(deps, extractor);
  return {
    // Once a file's text is in, look in it for links to the aircraft's rows and work orders.
    [EXTRACT_JOB]: async (job: Job) => {
      await extract(job);
      const t = await deps.db.selectFrom("file_text").select(["status", "aircraft_id"]).where("file_id", "=", Number(job.payload.file_id)).executeTakeFirst();
      if (t?.status === "done") await queueSuggestions(deps.jobs, t.aircraft_id, Number(job.payload.file_id));
    },
    [SUGGEST_JOB]: suggestLinksHandler(deps),
    // The trash job (ADR 042): empties what has been in the trash longer than TRASH_RETENTION_DAYS,
    // the only place a filed blob is deleted. Not while a backup copies blobs (ADR 044): the next
    // sweep (hourly) does it.
    [TRASH_SWEEP_JOB]: async () => {
      if (isBackupRunning(deps.config.dataDir)) return;
      await sweepTrash(deps);
    },
    // Uploads whose record never arrived (ADR 068): removed once their grace period is over; not
    // while a backup copies blobs.
    [ORPHAN_SWEEP_JOB]: async () => {
      if (isBackupRunning(deps.config.dataDir)) return;
      await sweepOrphanUploads(deps, { graceHours: deps.config.orphanGraceHours });
    },
  };
}
