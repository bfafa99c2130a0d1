import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Indexes for the admin area (upstream/admin/*): the IP whitelist lookup that requireAuth makes on
// every request, the analytics aggregates by week, the audit log's date filter, the reindex worker's
// queue and the admin lists. Additive only; IF NOT EXISTS so a re-run is harmless.
const statements = [
  // requireAuth reads an organization's whitelist on every call.
  "CREATE INDEX IF NOT EXISTS ip_whitelist_org ON ip_whitelist(organization_id)",
  // Files added per week and storage used: a covering partial index over files only (folders have size 0).
  "CREATE INDEX IF NOT EXISTS storage_items_files_created ON storage_items(created_at, size) WHERE is_folder = 0",
  // Sign-ins per week, and each user's last sign-in (admin lists).
  "CREATE INDEX IF NOT EXISTS tokens_created ON tokens(created_at)",
  "CREATE INDEX IF NOT EXISTS tokens_user_created ON tokens(user_id, created_at)",
  // The audit log filtered by date only (user and organization filters have their own indexes).
  "CREATE INDEX IF NOT EXISTS audit_log_created ON audit_log(created_at)",
  // The worker's queue: unfinished jobs, oldest first.
  "CREATE INDEX IF NOT EXISTS search_reindex_jobs_status ON search_reindex_jobs(status, id)",
  // Admin lists: users by role (client and consultant dashboards), aircraft by organization and status.
  "CREATE INDEX IF NOT EXISTS users_role ON users(role, created_at)",
  "CREATE INDEX IF NOT EXISTS aircraft_org_status ON aircraft(organization_id, status)",
  // Grants of a user (the PK starts with user_id) are covered; grants per aircraft and product are
  // covered by aircraft_access_aircraft. File-server group members by group:
  "CREATE INDEX IF NOT EXISTS fs_user_groups_group ON fs_user_groups(fs_group_id)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "ip_whitelist_org", "storage_items_files_created", "tokens_created", "tokens_user_created", "audit_log_created",
    "search_reindex_jobs_status", "users_role", "aircraft_org_status", "fs_user_groups_group",
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  }
}
