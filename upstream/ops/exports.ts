// Exports: Excel and PDF blobs of tabs, general information, notifications, work orders and logbooks,
// and the all-tabs workbook shared through a signed link.
import crypto from "node:crypto";
import type { Hono } from "hono";
import { both } from "./tabs";
import type { HonoEnv } from "../context";
import { readBody, refuse } from "../http";
import { renderPdf, type PdfSection } from "../lib/pdf";
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
} from "../../app/models/schemas/ops";
import {
  aircraftTab,
  aircraftTabs,
  aircraftWithAccess,
  allRows,
  apiColumns,
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
import { buildWorkbook, type SheetSpec } from "./sheets";
import { loadLogbookForUser, loadWorkOrderForUser } from "./workorders";

async function tabSheet(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" } = {}): Promise<SheetSpec> {
  const { rows } = await allRows(deps, view, sort);
  const withWatch = apiColumns(view).length > view.columns.length;
  return {
    name: view.name,
    columns: [...view.columns.map((x) => x.name), ...(withWatch ? [WATCH_COLUMN.name] : [])],
    rows: rows.map((r) => [
      ...view.columns.map((x) => {
        const v = r.data[x.name];
        return v === undefined || v === null ? null : typeof v === "boolean" ? String(v) : v;
      }),
      ...(withWatch ? [r.watched ? "Watched" : "Unwatched"] : []),
    ]),
  };
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

const humanize = (k: string) => k.replace(/[_-]+/g, " ").replace(/^\w/, (m) => m.toUpperCase());

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
        const sheet = await tabSheet(deps, view, { sortColumn: input.sort_column, sortOrder: input.sort_order });
        return blobAnswer(buildWorkbook([sheet]), XLSX_TYPE, `${aircraft.msn}_${view.name}.xlsx`);
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
        const sheets: SheetSpec[] = [];
        for (const t of tabs) sheets.push(await tabSheet(deps, t));
        const bytes = buildWorkbook(sheets);
        const filename = safeFilename(`${aircraft.msn}_${PRODUCT_LABEL[product]}_All_Tabs_${new Date().toISOString().slice(0, 10)}.xlsx`);
        const key = `exports/${aircraft.id}/${crypto.randomUUID()}/${filename.replace(/ /g, "_")}`;
        await deps.blob.put(key, bytes, XLSX_TYPE);
        const expiresIn = SHARE_LINK_DAYS * 86400;
        let url: string;
        try {
          url = deps.blob.signedGetUrl(key, { expiresInSeconds: expiresIn, filename, download: true });
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
      const bytes = renderPdf({ title: `${view.name}`, subtitle: aircraftSubtitle(aircraft, product), sections: [{ ...section, heading: undefined }] });
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
      const bytes = renderPdf({ title: `General Information: MSN ${aircraft.msn}`, subtitle: aircraftSubtitle(aircraft, product), sections });
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
      return blobAnswer(buildWorkbook([await tabSheet(deps, view)]), XLSX_TYPE, `${aircraft.msn}_General_Information.xlsx`);
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
      return blobAnswer(buildWorkbook([sheet]), XLSX_TYPE, `${aircraft.msn}_Ops_Notifications.xlsx`);
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
      const { fields, tables } = jsonToParts(version.data);
      const sections: PdfSection[] = [
        {
          heading: "Work order",
          table: {
            columns: ["Field", "Value"],
            rows: [
              ["Number", wo.number],
              ["Title", wo.title],
              ["Kind", `${humanize(wo.kind)} WO`],
              ["Status", wo.status],
              ["Version", String(version.version)],
              ["Version date", version.created_at.slice(0, 10)],
              ...fields.map(([k, v]) => [humanize(k), v]),
            ],
          },
        },
        ...tables.map((t) => ({ heading: humanize(t.name), table: { columns: t.columns.map(humanize), rows: t.rows } })),
      ];
      const bytes = renderPdf({ title: `Work order ${wo.number}: ${wo.title}`, subtitle: aircraftSubtitle(aircraft, "ops"), sections });
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
            ["Version date", version.created_at.slice(0, 10)],
            ...fields.map(([k, v]) => [humanize(k), v] as [string, string]),
          ],
        },
        ...tables.map((t) => ({ name: humanize(t.name), columns: t.columns.map(humanize), rows: t.rows })),
      ];
      return blobAnswer(buildWorkbook(sheets), XLSX_TYPE, `${aircraft.msn}_WO_${wo.number}_v${version.version}.xlsx`);
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
      }
      const bytes = renderPdf({ title: `Technical logbook: ${logbook.title}`, subtitle: aircraftSubtitle(aircraft, "ops"), sections });
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_Logbook_${logbook.title}.pdf`);
    })
  );
}
