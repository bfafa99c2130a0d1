import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Indexes for the consultant marketplace, ratings, likes, messages and phone codes
// (upstream/main/consultant.ts). Additive only; IF NOT EXISTS so a re-run is harmless.
const statements = [
  // Covering index: the marketplace's per-consultant AVG(rating)/COUNT(*) reads only this index.
  "CREATE INDEX IF NOT EXISTS consultant_ratings_avg ON consultant_ratings(consultant_id, rating)",
  // Likes by consultant (the PK is user_id first): "saved" counts and cascade deletes.
  "CREATE INDEX IF NOT EXISTS consultant_likes_consultant ON consultant_likes(consultant_id)",
  // The marketplace's name / newest orders (a page is read in index order, no sort) and its
  // case-insensitive country filter. Nothing leads with "active": nearly every row is active, and
  // such an index would make SQLite look rows up one by one instead of scanning the table.
  "CREATE INDEX IF NOT EXISTS consultants_name_nocase ON consultants(name COLLATE NOCASE)",
  "CREATE INDEX IF NOT EXISTS consultants_created ON consultants(created_at)",
  "CREATE INDEX IF NOT EXISTS consultants_country_nocase ON consultants(country COLLATE NOCASE)",
  // Sent and received messages of a user, newest first; messages about a consultant.
  "CREATE INDEX IF NOT EXISTS messages_from ON messages(from_user_id, created_at)",
  "CREATE INDEX IF NOT EXISTS messages_to ON messages(to_user_id, created_at)",
  "CREATE INDEX IF NOT EXISTS messages_consultant ON messages(consultant_id)",
  // One-time codes and links of a user by kind (phone codes, resets, confirmations).
  "CREATE INDEX IF NOT EXISTS one_time_tokens_user_kind ON one_time_tokens(user_id, kind)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "consultant_ratings_avg", "consultant_likes_consultant", "consultants_name_nocase", "consultants_created", "consultants_country_nocase",
    "messages_from", "messages_to", "messages_consultant", "one_time_tokens_user_kind",
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  }
}
