// The folder operations as real forms (spec 000 §2 /storage/create, /storage/copy, /storage/delete, plus
// move and rename): each posts to its route, which redirects back with a toast. They work without JS;
// the files page renders them as <dialog open> from ?dialog=…, the standalone routes as a page.
import { Form, Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { SPECIAL_CHARS_WARNING } from "~/models/file-names";
import type { Family } from "~/models/storage-links";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as s from "./folder-actions.css";
import { FolderPicker, type PickerView } from "./folder-picker";

export type FolderAction = "create" | "rename" | "move" | "copy" | "delete";
export const FOLDER_ACTIONS: readonly FolderAction[] = ["create", "rename", "move", "copy", "delete"];

export interface ActionItem {
  id: number;
  name: string;
  path: string;
  resourcetype: "collection" | "file";
}

export interface FolderActionProps {
  kind: FolderAction;
  aircraftId: number;
  dir: string;
  family?: Family;
  /** The item renamed, moved, copied or deleted (not for create). */
  item?: ActionItem | null;
  /** Where Cancel goes and where a success comes back to (the listing). */
  closeHref: string;
  /** Where a refusal comes back to (this dialog, to try again). */
  returnTo: string;
  asPage?: boolean;
  /** Move and copy: the folder picker (the destination); without it, a typed path. */
  picker?: PickerView | null;
}

const ROUTE: Record<FolderAction, string> = {
  create: "/storage/create",
  rename: "/storage/move",
  move: "/storage/move",
  copy: "/storage/copy",
  delete: "/storage/delete",
};

const TITLE: Record<FolderAction, string> = {
  create: "Create folder",
  rename: "Rename",
  move: "Move",
  copy: "Copy",
  delete: "Delete",
};

export function FolderActionDialog(p: FolderActionProps) {
  const kindWord = p.item?.resourcetype === "collection" ? "folder" : "file";
  const title = p.kind === "create" ? TITLE.create : `${TITLE[p.kind]} ${kindWord}`;
  return (
    <ModalDialog title={title} closeHref={p.closeHref} asPage={p.asPage}>
      <Form method="post" action={ROUTE[p.kind]} preventScrollReset>
        <input type="hidden" name="intent" value={p.kind} />
        <input type="hidden" name="aircraft_id" value={p.aircraftId} />
        <input type="hidden" name="dir" value={p.dir} />
        <input type="hidden" name="family" value={p.family ?? "standard"} />
        <input type="hidden" name="redirectTo" value={p.closeHref} />
        <input type="hidden" name="returnTo" value={p.returnTo} />
        {p.item ? <input type="hidden" name="id" value={p.item.id} /> : null}
        <ModalBody>
          {p.item ? (
            <div className={s.target}>
              {p.item.resourcetype === "collection" ? "Folder" : "File"}: {p.item.path}
            </div>
          ) : null}
          <Fields {...p} />
        </ModalBody>
        <ModalFooter>
          <Link to={p.closeHref} className={ui.button.secondary} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={p.kind === "delete" ? ui.button.danger : ui.button.primary}>
            {p.kind === "create" ? "Create" : TITLE[p.kind]}
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}

function Fields(p: FolderActionProps) {
  switch (p.kind) {
    case "create":
      return (
        <>
          {p.picker ? <FolderPicker picker={p.picker} name={null} legend="Create it in" /> : null}
          <div className={ui.field}>
            <label className={ui.label} htmlFor="folder-name">
              Folder name
            </label>
            <input id="folder-name" name="name" className={ui.input} required maxLength={200} autoComplete="off" autoFocus aria-describedby="folder-name-hint" />
            <span id="folder-name-hint" className={ui.hint}>
              Created in {p.dir === "/" ? "the aircraft's root folder" : p.dir}. Use “/” to create nested folders. {SPECIAL_CHARS_WARNING}
            </span>
          </div>
        </>
      );
    case "rename":
      return (
        <div className={ui.field}>
          <label className={ui.label} htmlFor="new-name">
            New name
          </label>
          <input id="new-name" name="new_name" className={ui.input} required maxLength={255} defaultValue={p.item?.name} autoComplete="off" autoFocus aria-describedby="new-name-hint" />
          <span id="new-name-hint" className={ui.hint}>
            {SPECIAL_CHARS_WARNING}
          </span>
        </div>
      );
    case "move":
    case "copy":
      return (
        <>
          {p.picker ? (
            <FolderPicker picker={p.picker} />
          ) : (
            <div className={ui.field}>
              <label className={ui.label} htmlFor="to-dir">
                Destination folder
              </label>
              <input id="to-dir" name="to_dir" className={ui.input} required maxLength={2048} defaultValue={p.dir} autoComplete="off" aria-describedby="to-dir-hint" />
              <span id="to-dir-hint" className={ui.hint}>
                A folder path of the aircraft, for example “/Records/2024”. “/” is the aircraft's root folder.
              </span>
            </div>
          )}
        </>
      );
    case "delete":
      return (
        <p role="alert">
          {p.item?.resourcetype === "collection"
            ? `Delete the folder “${p.item.name}” and everything in it? It goes to the aircraft's trash with its files, where Edit Access users can restore it until the trash is emptied.`
            : `Delete the file “${p.item?.name ?? ""}”? It goes to the aircraft's trash, where Edit Access users can restore it until the trash is emptied.`}
        </p>
      );
  }
}
