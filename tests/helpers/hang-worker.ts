// A queue worker process for tests/contract/job-recovery.test.ts: it opens the job queue of DATA_DIR
// (or DATABASE_URL), works it with a handler of kind "hang-test" that never finishes, and prints
// "claimed <id>" when it has a job, so that the test can kill it mid-job (kill -9).
import { openDatabase } from "../../upstream/db";
import { openJobQueue } from "../../upstream/jobs/queue";

const { db } = await openDatabase(process.env.DATA_DIR!, { databaseUrl: process.env.DATABASE_URL || undefined });
const queue = await openJobQueue(db, { databaseUrl: process.env.DATABASE_URL || undefined });
queue.start(
  {
    "hang-test": async (job) => {
      process.stdout.write(`claimed ${job.id}\n`);
      await new Promise(() => {});
    },
  },
  { idleMs: 50 }
);
setInterval(() => {}, 60_000);
