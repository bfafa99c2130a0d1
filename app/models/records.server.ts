// Records you can recover (issue 19 items 1-3, ADR 042): the portal's client of the versions, trash,
// retention and legal-hold endpoints (docs/api/storage.md "Versions, trash, retention"), with the
// contract schemas of app/models/schemas/records.ts. Reads answer a Result where the upstream's
// refusal (a reader, 422) is shown on the page instead of an error screen.
import type { Api } from "./api.server";
import {
  MessageAnswer,
} from "./schemas/storage";
import {
  RestoreVersionAnswer,
  RetentionAnswer,
  TRASH_PER_PAGE,
  TrashAnswer,
  TrashRestoreAnswer,
  VersionDownloadAnswer,
  VersionsAnswer,
} from "./schemas/records";

export function listVersions(api: Api, aircraftId: number, fileId: number) {
  return api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/versions.json`, { query: { fileid: fileId }, schema: VersionsAnswer });
}

/** A signed GET link for an earlier version of a file. A Result: the resource route answers a failure itself. */
export function versionDownloadLink(api: Api, aircraftId: number, fileId: number, versionId: number) {
  return api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/versions.json`, { query: { fileid: fileId, download: versionId }, schema: VersionDownloadAnswer });
}

export function restoreVersion(api: Api, body: { aircraft_id: number; file_id: number; version_id: number }) {
  return api.post("main", "/storage/v2/files/restore_version.json", { json: body, schema: RestoreVersionAnswer });
}

export function listTrash(api: Api, aircraftId: number, page = 1) {
  return api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/trash.json`, { query: { page, per_page: TRASH_PER_PAGE }, schema: TrashAnswer });
}

export function restoreFromTrash(api: Api, body: { aircraft_id: number; entry_id: number }) {
  return api.post("main", "/storage/v2/trash/restore.json", { json: body, schema: TrashRestoreAnswer });
}

export function retentionState(api: Api) {
  return api.get("main", "/storage/v2/retention.json", { schema: RetentionAnswer });
}

export function setRetention(api: Api, body: { class_key: string; keep: "none" | "life" | "years"; years?: number }) {
  return api.post("main", "/storage/v2/retention.json", { json: body, schema: MessageAnswer });
}

export function placeLegalHold(api: Api, body: { aircraft_id: number; reason: string }) {
  return api.post("main", "/storage/v2/legal_holds.json", { json: body, schema: MessageAnswer });
}

export function releaseLegalHold(api: Api, aircraftId: number) {
  return api.post("main", "/storage/v2/legal_holds/remove.json", { json: { aircraft_id: aircraftId }, schema: MessageAnswer });
}
