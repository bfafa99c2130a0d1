// Exports: Excel and PDF blobs of tabs, general information, notifications, work orders and logbooks,
// and the all-tabs workbook shared through a signed link.
import { dateTimeUtc } from "../../app/utils/dates";
import crypto from "node:crypto";
import type { Hono } from "hono";
import { both } from "./tabs";
import type { HonoEnv } from "../context";
import { readBody, refuse } from "../http";
import { renderPdf, type PdfDoc, type PdfSection, type PdfSignedEntry } from "../lib/pdf";
import { manifestsAttachment, pdfSignatures } from "../signatures/service";
import type { SignatureManifest } from "../signatures/canonical";
import {
  AllTabsShareInput,
  GeneralInfoExportInput,
  NotificationExportInput,
  SHARE_LINK_DAYS,
  SendLogbookPdfInput,
  TabExportInput,
  TabPdfInput,
  WATCH_COLUMN,
  WorkOrderRefInput,
  type ModuleProduct,
  type TabRow,
} from "../../app/models/schemas/ops";
import {
  aircraftTab,
  aircraftTabs,
  aircraftWithAccess,
  allRows,
  apiColumns,
  rowChunks,
  tabRowCount,
  audit,
  blobAnswer,
  blobRoute,
  PDF_TYPE,
  PRODUCT_LABEL,
  safeFilename,
  tabWithAccess,
  XLSX_TYPE,
  type AircraftCtx,
  type TabView,
} from "./common";
import type { Deps } from "../context";
import { aircraftSubtitle, tabSection } from "./data";
import { aircraftWorkbookMeta, buildWorkbook, isoToDate, workbookStream, type ChunkedSheet, type SheetSpec, type SheetValue } from "./sheets";
import { loadLogbookForUser, loadWorkOrderForUser } from "./workorders";

/** A tab as a sheet: its columns (and Watch/Unwatch on oil), its rows in the order asked. */
async function tabSheet(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" } = {}): Promise<SheetSpec> {
  const { rows } = await allRows(deps, view, sort);
  const sheet = tabSheetColumns(view);
  return { ...sheet, rows: rows.map(sheet.rowOf) };
}

function tabSheetColumns(view: TabView) {
  const withWatch = apiColumns(view).length > view.columns.length;
  return {
    name: view.name,
    columns: [...view.columns.map((x) => x.name), ...(withWatch ? [WATCH_COLUMN.name] : [])],
    types: [...view.columns.map((x) => x.type), ...(withWatch ? ["text"] : [])],
    rowOf: (r: TabRow): SheetValue[] => [
      ...view.columns.map((x) => {
        const v = r.data[x.name];
        return v === undefined || v === null ? null : typeof v === "boolean" ? String(v) : v;
      }),
      ...(withWatch ? [r.watched ? "Watched" : "Unwatched"] : []),
    ],
  };
}

/** A tab as a sheet whose rows are read 1,000 at a time (keyset) while the workbook is written. */
async function tabSheetChunked(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" } = {}): Promise<ChunkedSheet> {
  const { rowOf, ...sheet } = tabSheetColumns(view);
  const rowCount = Math.min(EXPORT_MAX_ROWS, await tabRowCount(deps, view));
  const chunks = async function* () {
    for await (const rows of rowChunks(deps, view, sort, { cap: EXPORT_MAX_ROWS })) yield rows.map(rowOf);
  };
  return { ...sheet, rowCount, chunks: chunks() };
}

/** The most rows a tab's sheet takes (as many as a tab holds). */
const EXPORT_MAX_ROWS = 200_000;

/** A streamed download: no length known beforehand. */
function streamAnswer(body: ReadableStream<Uint8Array>, contentType: string, filename: string): Response {
  const name = safeFilename(filename);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
}

/** Flattens work-order / logbook JSON into PDF sections and sheets: scalars as fields, arrays of objects as tables. */
export function jsonToParts(data: Record<string, unknown>) {
  const fields: [string, string][] = [];
  const tables: { name: string; columns: string[]; rows: string[][] }[] = [];
  const fmt = (v: unknown): string => (v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
  for (const [k, v] of Object.entries(data)) {
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
      const cols: string[] = [];
      for (const x of v as Record<string, unknown>[]) for (const key of Object.keys(x)) if (!cols.includes(key)) cols.push(key);
      tables.push({ name: k, columns: cols, rows: (v as Record<string, unknown>[]).map((x) => cols.map((col) => fmt(x[col]))) });
    } else if (Array.isArray(v)) {
      fields.push([k, v.map(fmt).join(", ")]);
    } else if (v && typeof v === "object") {
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) fields.push([`${k} / ${k2}`, fmt(v2)]);
    } else {
      fields.push([k, fmt(v)]);
    }
  }
  return { fields, tables };
}

/** Column types of a work-order table (an array of objects): number where every value given is a number, date where every one is `YYYY-MM-DD`. */
function tableTypes(raw: unknown, columns: string[]): string[] {
  const items = Array.isArray(raw) ? (raw.filter((x) => x && typeof x === "object") as Record<string, unknown>[]) : [];
  return columns.map((col) => {
    const given = items.map((x) => x[col]).filter((v) => v !== null && v !== undefined && v !== "");
    if (given.length === 0) return "text";
    if (given.every((v) => typeof v === "number")) return "number";
    if (given.every((v) => typeof v === "string" && isoToDate(v))) return "date";
    return "text";
  });
}

const humanize = (k: string) => k.replace(/[_-]+/g, " ").replace(/^\w/, (m) => m.toUpperCase());

const KIND_NOUN: Record<string, string> = { aircraft: "aircraft", engine: "engine", component: "component" };

/**
 * The work-order document a certifying engineer signs: who and what (operator, MSN, registration,
 * number, version, status), the task table with the man-hours totalled, remarks, and the
 * certificate of release to service with blanks for the certifying staff.
 */
export function workOrderPdf(
  wo: { number: string; title: string; kind: string; status: string },
  version: { version: number; created_at: string; created_by: string | null; data: Record<string, unknown> },
  aircraft: AircraftCtx,
  /** Its electronic signatures (ADR 088): printed in place of the blanks to sign by hand. */
  signed: PdfSignedEntry[] = []
): PdfDoc {
  const { station, remarks, tasks, ...rest } = version.data;
  const list = Array.isArray(tasks) ? (tasks.filter((t) => t && typeof t === "object") as Record<string, unknown>[]) : [];
  const str = (v: unknown) => (v == null ? "" : String(v));
  const hoursOf = (t: Record<string, unknown>) => {
    const n = typeof t.man_hours === "number" ? t.man_hours : Number(str(t.man_hours ?? t.hours).replace(",", "."));
    return Number.isFinite(n) && str(t.man_hours ?? t.hours).trim() !== "" ? n : null;
  };
  const fmtHours = (n: number) => n.toLocaleString("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const total = list.reduce((sum, t) => sum + (hoursOf(t) ?? 0), 0);
  const notDone = list.filter((t) => !["done", "closed", "completed"].includes(str(t.status).toLowerCase()));
  const noun = KIND_NOUN[wo.kind] ?? "aircraft";
  const { fields: extra, tables } = jsonToParts(rest);
  const sections: PdfSection[] = [
    {
      fields: [
        ["Operator", aircraft.org_name],
        ["Aircraft", `${aircraft.manufacturer} ${aircraft.model}`.trim() || "—"],
        ["MSN", aircraft.msn],
        ["Registration", aircraft.registration],
        ["Work order", wo.number],
        ["Title", wo.title],
        ["Kind", `${humanize(wo.kind)} work order`],
        ["Status", humanize(wo.status)],
        ["Version", `${version.version}, saved ${dateTimeUtc(version.created_at)}${version.created_by ? ` by ${version.created_by}` : ""}`],
        ["Station", str(station) || "—"],
        ...extra.map(([k, v]) => [humanize(k), v] as [string, string]),
      ],
    },
    {
      heading: "Tasks",
      table: {
        columns: ["Ref", "Description", "Status", "Man-hours"],
        rows: list.map((t) => [str(t.ref), str(t.description), humanize(str(t.status) || "open"), hoursOf(t) === null ? "" : fmtHours(hoursOf(t)!)]),
        numeric: [false, false, false, true],
        footer: ["", `Total: ${list.length} task${list.length === 1 ? "" : "s"}`, "", fmtHours(total)],
      },
    },
    ...tables.map((t) => ({ heading: humanize(t.name), table: { columns: t.columns.map(humanize), rows: t.rows } })),
    { heading: "Remarks", lines: [str(remarks).trim() || "None."] },
  ];
  const statement =
    `Certifies that the work specified above, except as otherwise specified, was carried out in accordance with the applicable ` +
    `airworthiness requirements and in respect to that work the ${noun} is considered ready for release to service.` +
    (notDone.length ? ` Not included in this release: ${notDone.length} task${notDone.length === 1 ? "" : "s"} not done (${notDone.map((t) => str(t.ref) || "—").join(", ")}).` : "");
  if (signed.length) {
    sections.push({ heading: "Certificate of release to service", lines: [statement] }, { heading: "Electronic signatures", signed });
  } else {
    sections.push({
      heading: "Certificate of release to service",
      signature: { statement, blanks: ["Certifying staff name", "Licence / authorisation number", "Signature", "Date"] },
    });
  }
  return {
    title: `Work order ${wo.number}: ${wo.title}`,
    subtitle: aircraftSubtitle(aircraft, "ops"),
    subject: `${humanize(wo.kind)} work order ${wo.number}, version ${version.version}, MSN ${aircraft.msn}`,
    sections,
  };
}

export function registerExportRoutes(app: Hono<HonoEnv>) {
  // --- one tab -----------------------------------------------------------------------------
  for (const product of ["ops", "oil"] as const) {
    app.on(
      "POST",
      both(`/v1/excel_export/${product}_download`),
      blobRoute(async (c) => {
        const deps = c.get("deps");
        const input = await readBody(c, TabExportInput);
        const { aircraft, view } = await tabWithAccess(c, input, "read", product);
        const sheet = await tabSheetChunked(deps, view, { sortColumn: input.sort_column, sortOrder: input.sort_order });
        return streamAnswer(workbookStream([sheet], aircraftWorkbookMeta(aircraft, product, view.name)), XLSX_TYPE, `${aircraft.msn}_${view.name}.xlsx`);
      })
    );

    // --- every tab in one workbook, shared through a signed link (optionally mailed) ---------
    app.on(
      "POST",
      both(`/v1/excel_export/${product}_all_tab_excel_share`),
      blobRoute(async (c) => {
        const deps = c.get("deps");
        const user = c.get("user");
        const input = await readBody(c, AllTabsShareInput);
        const { aircraft } = await aircraftWithAccess(deps, user, input, product, "read");
        const tabs = await aircraftTabs(deps, aircraft.id, product);
        const sheets: ChunkedSheet[] = [];
        for (const t of tabs) sheets.push(await tabSheetChunked(deps, t));
        const filename = safeFilename(`${aircraft.msn}_${PRODUCT_LABEL[product]}_All_Tabs_${new Date().toISOString().slice(0, 10)}.xlsx`);
        const key = `exports/${aircraft.id}/${crypto.randomUUID()}/${filename.replace(/ /g, "_")}`;
        // Every tab's rows read in chunks and written into the stored file as they come.
        await deps.blob.put(key, workbookStream(sheets, aircraftWorkbookMeta(aircraft, product, "All tabs")), XLSX_TYPE);
        const expiresIn = SHARE_LINK_DAYS * 86400;
        let url: string;
        try {
          url = await deps.blob.signedGetUrl(key, { expiresInSeconds: expiresIn, filename, download: true });
        } catch (err) {
          await deps.blob.delete(key); // no orphan blob when the link cannot be made
          throw err;
        }
        const expiresAt = new Date(Date.now() + expiresIn * 1000).toISOString();
        const emails = [...new Set(input.emails ?? [])];
        const absolute = url.startsWith("/") ? `${deps.config.portalUrl.replace(/\/$/, "")}${url}` : url;
        const shareMail = async (to: string) => {
          await deps.mail.send({
            to,
            subject: `${PRODUCT_LABEL[product]} data of MSN ${aircraft.msn} (${aircraft.registration})`,
            text:
              `${user.username || user.email} shared the ${PRODUCT_LABEL[product]} data of MSN ${aircraft.msn} (${aircraft.registration}, ${
                aircraft.org_name
              }) with you.\n\n` +
              `Download the Excel workbook (one sheet per tab) here; the link is valid for ${SHARE_LINK_DAYS} days, until ${expiresAt.slice(
                0,
                10
              )}:\n${absolute}\n`,
          });
        };
        try {
          for (const to of emails) await shareMail(to);
        } catch (err) {
          await deps.blob.delete(key); // nothing half-done: no link was handed out
          throw err;
        }
        await audit(c, `${product}.export.share`, "aircraft", aircraft.id, aircraft.organization_id, { blob_key: key, emails, tabs: tabs.length });
        const message = emails.length
          ? `The workbook was shared with ${emails.join(", ")}. The link is valid for ${SHARE_LINK_DAYS} days.`
          : `The workbook is ready. The link is valid for ${SHARE_LINK_DAYS} days.`;
        return c.json({ message, url, expires_at: expiresAt, emailed: emails });
      })
    );
  }

  // --- one tab as PDF (ops or oil) ------------------------------------------------------------
  app.on(
    "POST",
    both("/v1/pdf_generate/oil_ops_data/download"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, TabPdfInput);
      const { product, aircraft, view } = await tabWithAccess(c, input, "read");
      const section = await tabSection(deps, view, { sortColumn: input.sort_column, sortOrder: input.sort_order }, 20_000);
      const bytes = await renderPdf({ title: `${view.name}`, subtitle: aircraftSubtitle(aircraft, product), sections: [{ ...section, heading: undefined }] });
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_${view.name}.pdf`);
    })
  );

  // --- general information ------------------------------------------------------------------
  const generalInfo = async (deps: Deps, aircraft: AircraftCtx, product: ModuleProduct) => {
    const view = await aircraftTab(deps, aircraft.id, product, "generalInformation");
    const { rows } = await allRows(deps, view, {});
    return { view, rows };
  };

  app.on(
    "POST",
    both("/v1/pdf_generate/download_general_info_pdf"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, GeneralInfoExportInput);
      const product = input.product ?? "ops";
      const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, product, "read");
      const { view, rows } = await generalInfo(deps, aircraft, product);
      const cols = view.columns.map((x) => x.name);
      const sections: PdfSection[] = [
        {
          heading: "Aircraft",
          table: {
            columns: ["Field", "Value"],
            rows: [
              ["Organization", aircraft.org_name],
              ["MSN", aircraft.msn],
              ["Registration", aircraft.registration],
              ["Status", aircraft.status],
            ],
          },
        },
        { heading: view.name, table: { columns: cols, rows: rows.map((r) => cols.map((k) => (r.data[k] == null ? "" : String(r.data[k])))) } },
      ];
      const bytes = await renderPdf({ title: `General Information: MSN ${aircraft.msn}`, subtitle: aircraftSubtitle(aircraft, product), sections });
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_General_Information.pdf`);
    })
  );

  app.on(
    "POST",
    both("/v1/excel_export/download_general_info_excel"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, GeneralInfoExportInput);
      const product = input.product ?? "ops";
      const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, product, "read");
      const { view } = await generalInfo(deps, aircraft, product);
      const bytes = await buildWorkbook([await tabSheet(deps, view)], aircraftWorkbookMeta(aircraft, product, "General Information"));
      return blobAnswer(bytes, XLSX_TYPE, `${aircraft.msn}_General_Information.xlsx`);
    })
  );

  app.on(
    "POST",
    both("/v1/excel_export/ops_notification_excel_download"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, NotificationExportInput);
      const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "ops", "read");
      const view = await aircraftTab(deps, aircraft.id, "ops", "opsNotifications");
      const sheet = await tabSheet(deps, view, view.columns.some((x) => x.name === "Date") ? { sortColumn: "Date", sortOrder: "desc" } : {});
      const bytes = await buildWorkbook([sheet], aircraftWorkbookMeta(aircraft, "ops", view.name));
      return blobAnswer(bytes, XLSX_TYPE, `${aircraft.msn}_Ops_Notifications.xlsx`);
    })
  );

  // --- work orders ---------------------------------------------------------------------------
  app.on(
    "POST",
    both("/v1/work_order/download_pdf"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, WorkOrderRefInput);
      const { wo, version, aircraft } = await loadWorkOrderForUser(deps, c.get("user"), input.work_order_id, input.version, "read");
      const { entries, manifests } = await pdfSignatures(deps, "work_order", wo.id, version.version);
      const doc = workOrderPdf(wo, version, aircraft, entries);
      const bytes = await renderPdf(manifests.length ? { ...doc, attachments: [manifestsAttachment(manifests)] } : doc);
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_WO_${wo.number}_v${version.version}.pdf`);
    })
  );

  app.on(
    "POST",
    both("/v1/work_order/download_excel"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, WorkOrderRefInput);
      const { wo, version, aircraft } = await loadWorkOrderForUser(deps, c.get("user"), input.work_order_id, input.version, "read");
      const { fields, tables } = jsonToParts(version.data);
      const sheets: SheetSpec[] = [
        {
          name: "Work order",
          columns: ["Field", "Value"],
          rows: [
            ["MSN", aircraft.msn],
            ["Registration", aircraft.registration],
            ["Number", wo.number],
            ["Title", wo.title],
            ["Kind", `${humanize(wo.kind)} WO`],
            ["Status", wo.status],
            ["Version", version.version],
            ["Version date", isoToDate(version.created_at.slice(0, 10)) ?? version.created_at.slice(0, 10)],
            ...fields.map(([k, v]) => [humanize(k), v] as [string, string]),
          ],
        },
        ...tables.map((t) => ({ name: humanize(t.name), columns: t.columns.map(humanize), types: tableTypes(version.data[t.name], t.columns), rows: t.rows })),
      ];
      const meta = aircraftWorkbookMeta(aircraft, "ops", `Work order ${wo.number} v${version.version}`);
      const bytes = await buildWorkbook(sheets, { ...meta, title: `Work order ${wo.number}: ${wo.title} (MSN ${aircraft.msn})` });
      return blobAnswer(bytes, XLSX_TYPE, `${aircraft.msn}_WO_${wo.number}_v${version.version}.xlsx`);
    })
  );

  // --- logbooks ------------------------------------------------------------------------------
  app.on(
    "POST",
    both("/v1/ops_data/send_all_logbook_pdf"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, SendLogbookPdfInput);
      const { logbook, aircraft } = await loadLogbookForUser(deps, c.get("user"), input.log_book_id, "read");
      if (input.org_msn_id != null && input.org_msn_id !== aircraft.id) throw refuse("That logbook does not belong to this aircraft.");
      const pages = await deps.db.selectFrom("logbook_pages").selectAll().where("logbook_id", "=", logbook.id).orderBy("page_no").execute();
      if (pages.length === 0) throw refuse(`The logbook "${logbook.title}" has no pages yet.`);
      const sections: PdfSection[] = [];
      const manifests: SignatureManifest[] = [];
      // The signed pages, in one query: only those read their signatures.
      const signedPages = new Set(
        (await deps.db.selectFrom("signatures").select("entity_id").distinct().where("entity", "=", "logbook_page").where("entity_id", "in", pages.map((p) => p.id)).execute()).map((r) => Number(r.entity_id)),
      );
      for (const p of pages) {
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(p.data);
        } catch {
          data = {};
        }
        const { fields, tables } = jsonToParts(data && typeof data === "object" && !Array.isArray(data) ? data : {});
        sections.push({
          heading: `Page ${p.page_no}  (${p.date})`,
          table: fields.length ? { columns: ["Field", "Value"], rows: fields.map(([k, v]) => [humanize(k), v]) } : undefined,
          lines: fields.length ? undefined : ["No entries."],
        });
        for (const t of tables) sections.push({ heading: `Page ${p.page_no}: ${humanize(t.name)}`, table: { columns: t.columns.map(humanize), rows: t.rows } });
        if (signedPages.has(p.id)) {
          const signed = await pdfSignatures(deps, "logbook_page", p.id, Number(p.version));
          sections.push({ heading: `Page ${p.page_no}: electronic signatures`, signed: signed.entries });
          manifests.push(...signed.manifests);
        }
      }
      const bytes = await renderPdf({
        title: `Technical logbook: ${logbook.title}`,
        subtitle: aircraftSubtitle(aircraft, "ops"),
        sections,
        attachments: manifests.length ? [manifestsAttachment(manifests)] : undefined,
      });
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_Logbook_${logbook.title}.pdf`);
    })
  );
}
