// Contract of the main API's shell call, GET /user/shell.json (docs/api/auth-and-user.md): what the
// signed-in shell shows around every page, in one answer, by the rules of the calls it stands for
// (me, uambox, notifications, the aircraft list, an aircraft, its folders, the access reads).
// Shared by the upstream (input rules), the portal's shell loader and the contract tests. Imports
// nothing server-only.
import { z } from "zod";
import { MeAnswer, Notification } from "./auth";
import { AccessLevelSchema, AircraftSchema, FolderRef, optionalQueryId, UserAccess } from "./storage";

/** Notifications the shell's menu lists (the newest first). */
export const SHELL_NOTIFICATIONS = 8;
/** Aircraft the side navigation's fleet tree lists before asking for a narrower search. */
export const SHELL_FLEET_MAX = 100;
/** Top-level folders of the expanded aircraft (the fleet tree's first level). */
export const SHELL_FOLDERS_MAX = 200;

export const SHELL_PRODUCTS = ["storage", "ops", "oil"] as const;

export const ShellQuery = z.object({
  aircraft_id: optionalQueryId("aircraft_id").describe("the aircraft in context: itself, the caller's access levels and (with `users`) its USERS list"),
  users: z.enum(SHELL_PRODUCTS).optional().describe("whose USERS list of the aircraft in context: storage, ops or oil (absent: none)"),
  fleet_q: z.string().trim().max(100).optional().describe("filters the fleet list by name, MSN or registration"),
  expand: optionalQueryId("expand").describe("an aircraft of the fleet tree whose top-level folders come with the answer"),
});

/** The caller's own level on the aircraft in context, per product (null: no access). */
export const ShellAccess = z.object({ storage: AccessLevelSchema.nullable(), ops: AccessLevelSchema.nullable(), oil: AccessLevelSchema.nullable() });

export const ShellAnswer = z.object({
  /** As GET /user/me.json. */
  me: MeAnswer,
  /** As POST /user/uambox.json's `result`. */
  uam: z.boolean(),
  /** The SHELL_NOTIFICATIONS newest of GET /user/notifications.json, and the unread count. */
  notifications: z.object({ notifications: z.array(Notification), unread: z.number().int() }),
  /** The side navigation's aircraft (GET /storage/v2/aircraft.json?q=&per_page=100); null for roles without a fleet tree. */
  fleet: z.object({ aircrafts: z.array(AircraftSchema), total: z.number().int() }).nullable(),
  /** The folders of `expand`'s root (null: no fleet, no `expand`, or an aircraft the caller may not read in storage). */
  folders: z.array(FolderRef).nullable(),
  /** The aircraft in context as storage shows it (null: none, or not readable in storage). */
  aircraft: AircraftSchema.nullable(),
  /** The caller's levels on the aircraft in context (null without `aircraft_id`). */
  access: ShellAccess.nullable(),
  /** The `users` product's USERS list of the aircraft in context (null: not asked, or no read access to that product). */
  users: z.array(UserAccess).nullable(),
});
export type ShellAnswer = z.infer<typeof ShellAnswer>;
