// The bulk dialog of the files page (?dialog=bulk-move|bulk-copy|bulk-delete&sel=…, ADR 041): one
// server-rendered confirmation listing the chosen files and folders; move and copy choose their
// destination in the folder picker. It posts every id to /storage/move, /storage/copy or
// /storage/delete, which redirect back with the upstream's answer as a toast (a refusal too).
import { Form, Link } from "@remix-run/react";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import type { Family } from "~/models/storage-links";
import type { ActionItem } from "./folder-actions";
import { FolderPicker, type PickerView } from "./folder-picker";
import * as s from "./folder-actions.css";

export type BulkKind = "bulk-move" | "bulk-copy" | "bulk-delete";

const VERB = {
  "bulk-move": "Move",
  "bulk-copy": "Copy",
  "bulk-delete": "Delete",
} as const;
const ROUTE = {
  "bulk-move": "/storage/move",
  "bulk-copy": "/storage/copy",
  "bulk-delete": "/storage/delete",
} as const;

export function BulkDialog(p: { kind: BulkKind; aircraftId: number; dir: string; family: Family; items: ActionItem[]; picker: PickerView | null; closeHref: string; returnTo: string }) {
  const verb = VERB[p.kind];
  const n = p.items.length;
  const noun = `${n} ${n === 1 ? "item" : "items"}`;
  return (
    <ModalDialog title={`${verb} ${noun}`} closeHref={p.closeHref}>
      <Form method="post" action={ROUTE[p.kind]} preventScrollReset>
        <input type="hidden" name="intent" value={p.kind.slice(5)} />
        <input type="hidden" name="aircraft_id" value={p.aircraftId} />
        <input type="hidden" name="dir" value={p.dir} />
        <input type="hidden" name="family" value={p.family} />
        <input type="hidden" name="redirectTo" value={p.closeHref} />
        <input type="hidden" name="returnTo" value={p.returnTo} />
        {p.items.map((i) => (
          <input key={i.id} type="hidden" name="ids" value={i.id} />
        ))}
        <ModalBody>
          <ul className={s.items} aria-label="Chosen items">
            {p.items.map((i) => (
              <li key={i.id}>
                {i.resourcetype === "collection" ? "Folder" : "File"}: {i.path}
              </li>
            ))}
          </ul>
          {p.picker ? <FolderPicker picker={p.picker} /> : null}
          {p.kind === "bulk-delete" ? (
            <p role="alert">Delete these {noun}? Folders are deleted with everything in them. They go to the aircraft's trash, where Edit Access users can restore them until the trash is emptied.</p>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Link to={p.closeHref} className={ui.button.secondary} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={p.kind === "bulk-delete" ? ui.button.danger : ui.button.primary}>
            {p.kind === "bulk-delete" ? `Delete ${noun}` : `${verb} here`}
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}
