// The folder picker of the copy and move dialogs (ADR 041): the chosen folder, its path as links and
// its subfolders as links. Each link is a GET of the same page with `pick` set (the server lists that
// folder's subfolders), so it works without JavaScript and loads one level at a time. The chosen path
// travels in the form as `to_dir`. A copy first offers the aircraft the user may write to (ADR 053):
// a link per aircraft sets `to_aircraft` (and starts at its root); the choice travels as `to_aircraft_id`.
import { Link, useLocation } from "@remix-run/react";
import { FolderIcon } from "~/components/icons/folder";
import * as s from "./folder-actions.css";

export interface PickerView {
  path: string;
  crumbs: { name: string; path: string }[];
  folders: { id: number; name: string; path: string }[];
  truncated: boolean;
  aircraft?: { chosen: number; options: { id: number; name: string; msn: string }[] };
}

export function FolderPicker({ picker, name = "to_dir", legend = "Destination folder" }: { picker: PickerView; name?: string | null; legend?: string }) {
  const location = useLocation();
  const hrefFor = (path: string) => {
    const q = new URLSearchParams(location.search);
    q.set("pick", path);
    return `${location.pathname}?${q.toString()}`;
  };
  const aircraftHref = (id: number) => {
    const q = new URLSearchParams(location.search);
    q.set("to_aircraft", String(id));
    q.delete("pick");
    return `${location.pathname}?${q.toString()}`;
  };
  const target = picker.aircraft?.options.find((o) => o.id === picker.aircraft?.chosen);
  return (
    <fieldset className={s.picker} data-picker="">
      <legend className={s.pickerLegend}>{legend}</legend>
      {name ? <input type="hidden" name={name} value={picker.path} /> : null}
      {picker.aircraft ? (
        <>
          <input type="hidden" name="to_aircraft_id" value={picker.aircraft.chosen} />
          <ul className={s.pickerAircraft} aria-label="Destination aircraft">
            {picker.aircraft.options.map((o) => (
              <li key={o.id}>
                {o.id === picker.aircraft?.chosen ? (
                  <span className={s.pickerAircraftChosen} aria-current="true">
                    MSN {o.msn}
                  </span>
                ) : (
                  <Link to={aircraftHref(o.id)} preventScrollReset replace title={o.name} aria-label={`Copy to MSN ${o.msn} (${o.name})`}>
                    MSN {o.msn}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={s.pickerChosen} aria-live="polite">
        Chosen: <strong data-chosen={picker.path}>{picker.path === "/" ? "the aircraft's root folder" : picker.path}</strong>
        {target ? (
          <>
            {" "}
            of <strong data-chosen-aircraft={target.id}>{target.name}</strong>
          </>
        ) : null}
      </p>
      <nav aria-label="Destination path" className={s.pickerCrumbs}>
        {picker.crumbs.map((c, i) => (
          <span key={c.path}>
            {i > 0 ? " / " : null}
            {c.path === picker.path ? (
              <span aria-current="location">{c.name}</span>
            ) : (
              <Link to={hrefFor(c.path)} preventScrollReset replace>
                {c.name}
              </Link>
            )}
          </span>
        ))}
      </nav>
      {picker.folders.length ? (
        <ul className={s.pickerList} aria-label="Subfolders">
          {picker.folders.map((f) => (
            <li key={f.id}>
              <Link to={hrefFor(f.path)} className={s.pickerItem} preventScrollReset replace aria-label={`Open ${f.name}`}>
                <FolderIcon size={16} /> {f.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.pickerEmpty}>No subfolders here.</p>
      )}
      {picker.truncated ? <p className={s.pickerEmpty}>Only the first 500 entries of this folder are listed.</p> : null}
    </fieldset>
  );
}
