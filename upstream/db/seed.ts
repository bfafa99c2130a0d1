// The demo seed: a believable fleet for an empty DATA_DIR (DESIGN.md §7), and the fixture every
// contract test starts from (small variant).
//
// What it creates (both variants):
//   - 4 organizations: skyline (Skyline Leasing: STORAGE, has_ops, has_oil, client logo), nordic (Nordic
//     Regional Airways: STORAGE, search_all, has_ops), vertiport (Vertiport Mobility: UAMBOX) and
//     meridian (Meridian Aviation Capital: STORAGE);
//   - 20 aircraft (16 aeroplanes, 4 helicopters; all three statuses), see DEMO_FLEET;
//   - the demo accounts (DEMO_ACCOUNTS, password DEMO_PASSWORD), the onboarding consultants
//     (DEMO_ONBOARDING_ACCOUNTS) and named users per organization, with per-aircraft access;
//   - 13 complete consultant profiles with projects, ratings, likes, resumes and photos;
//   - notifications and messages; ops tabs (skyline, nordic) and oil tabs (skyline) with rows; work
//     orders and logbooks; manufacturers with template tabs and a template version each;
//   - a records folder tree per aircraft (root folder "/" named after the aircraft = aircraft.file_id).
// Full variant: 15-25 real files per aircraft (PDF, XLSX, PNG, CSV, TXT). Small variant: the same tree
// with a handful of files per aircraft (SMALL_SEED_FILES).
//
// Storage conventions: a folder's path has no trailing slash ("/01 Certificates"); the root is "/";
// blob keys are "aircraft/<id>/seed<path>". Every folder and file except the root is put in the search
// index. Everything is deterministic (seeded PRNG, fixed dates) except ids and the created_at of rows
// whose date carries no meaning.
import { sql } from "kysely";
import type { Deps } from "../context";
import type { DB } from "./index";
import type { AccessLevel, AircraftStatus, Product, Role } from "./schema";
import { hashPassword } from "../auth";
import { renderPdf, type PdfDoc } from "../lib/pdf";
import {
  CONTENT_TYPES,
  avatarPng,
  csvBytes,
  damageChartPng,
  scannedPagePng,
  scannedPdf,
  inspectionPhotoPng,
  prng,
  seedOf,
  textBytes,
  trendChartPng,
  xlsxBytes,
  type Cell,
  type DamageMark,
  type SampleKind,
} from "../lib/sample-files";
import { queueMissingExtraction } from "../jobs/extract-text";
import { AIRCRAFT_STATUS_LABEL } from "../../app/models/status-labels";
import { dayMonthYear } from "../../app/utils/dates";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface DemoAccount {
  email: string;
  role: Role;
  /** Organization slug, or null. */
  organization: string | null;
  first_name: string;
  last_name: string;
  description: string;
}

/** The demo accounts printed in the README. All use DEMO_PASSWORD; all are confirmed and active. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "admin@demo.aero", role: "admin", organization: null, first_name: "Alex", last_name: "Morgan", description: "Administrator: every organization, aircraft and consultant." },
  { email: "member@demo.aero", role: "member", organization: null, first_name: "Priya", last_name: "Nair", description: "Member: the admin area." },
  { email: "template@demo.aero", role: "ops_template", organization: null, first_name: "Tomás", last_name: "Rivera", description: "Template manager: AeroOPS organizations, templates and manufacturers." },
  { email: "client@demo.aero", role: "client", organization: "skyline", first_name: "Claire", last_name: "Fitzgerald", description: "Client of Skyline Leasing: Edit Access to every Skyline aircraft (storage, ops, oil)." },
  { email: "reader@demo.aero", role: "client", organization: "skyline", first_name: "Ravi", last_name: "Desai", description: "Client of Skyline Leasing: Read Access to four Skyline aircraft only." },
  { email: "consultant@demo.aero", role: "consultant", organization: null, first_name: "Marta", last_name: "Kowalska", description: "Consultant with a complete, verified profile." },
];

/** Consultants whose onboarding stopped half-way (for the onboarding redirects). Same password. */
export const DEMO_ONBOARDING_ACCOUNTS = [
  { email: "onboarding-basic@demo.aero", stage: "basic_info" },
  { email: "onboarding-profile@demo.aero", stage: "profile" },
  { email: "onboarding-phone@demo.aero", stage: "verify_phone" },
] as const;

/** Files per aircraft in the small variant (paths below the aircraft root). */
export const SMALL_SEED_FILES = [
  "/Records Index.txt",
  "/01 Certificates/Certificate of Airworthiness.pdf",
  "/03 AD Status/AD Status.xlsx",
  "/04 SB Status/SB Status Export.csv",
  "/11 Damage Charts/Damage Chart Fuselage LH.png",
  "/09 Component Records/Scanned Form 1 Fuel Pump.png",
  "/Technical Logbook/2026/Scanned Tech Log Page.pdf",
] as const;

// ---------------------------------------------------------------------------------------------
// The fleet
// ---------------------------------------------------------------------------------------------

type MaintClass = "airliner" | "turboprop" | "helicopter" | "evtol";

export interface FleetSpec {
  org: string;
  manufacturer: string;
  model: string;
  msn: string;
  registration: string;
  kind: "aircraft" | "helicopter";
  status: AircraftStatus;
  engine: string | null;
  esns: string[];
  apu: { type: string; sn: string } | null;
  mtowKg: number;
  lessee: string;
  built: string;
  delivered: string;
  fh: number;
  fc: number;
  sbPrefix: string;
  cls: MaintClass;
  opsIssue?: string;
  oilIssue?: string;
}

export const DEMO_ORGANIZATIONS = [
  { slug: "skyline", name: "Skyline Leasing", product_type: "STORAGE", search_all: 0, has_ops: 1, has_oil: 1, client_logo: "Skyline Leasing" },
  { slug: "nordic", name: "Nordic Regional Airways", product_type: "STORAGE", search_all: 1, has_ops: 1, has_oil: 0, client_logo: null },
  { slug: "vertiport", name: "Vertiport Mobility", product_type: "UAMBOX", search_all: 0, has_ops: 0, has_oil: 0, client_logo: null },
  { slug: "meridian", name: "Meridian Aviation Capital", product_type: "STORAGE", search_all: 0, has_ops: 0, has_oil: 0, client_logo: null },
] as const;

const A = (s: Omit<FleetSpec, "kind"> & { kind?: FleetSpec["kind"] }): FleetSpec => ({ kind: "aircraft", ...s });

export const DEMO_FLEET: readonly FleetSpec[] = [
  // Skyline Leasing (lessor; ops + oil)
  A({ org: "skyline", manufacturer: "Airbus", model: "A320-200", msn: "5123", registration: "EI-FSK", status: "IN OPERATION", engine: "CFM56-5B4/3", esns: ["577412", "577419"], apu: { type: "APS3200", sn: "P3121" }, mtowKg: 77000, lessee: "Aer Celtic", built: "2012-05-20", delivered: "2012-06-14", fh: 38412, fc: 21904, sbPrefix: "A320", cls: "airliner", opsIssue: "2026-10-01", oilIssue: "2024-03-15" }),
  A({ org: "skyline", manufacturer: "Airbus", model: "A321neo", msn: "8842", registration: "EI-LRA", status: "IN OPERATION", engine: "LEAP-1A32", esns: ["598211", "598240"], apu: { type: "APS3200", sn: "P5512" }, mtowKg: 97000, lessee: "Aer Celtic", built: "2019-03-11", delivered: "2019-04-02", fh: 17890, fc: 7120, sbPrefix: "A320", cls: "airliner", opsIssue: "2026-10-01", oilIssue: "2026-09-12" }),
  A({ org: "skyline", manufacturer: "Boeing", model: "737-800", msn: "41230", registration: "VH-YIV", status: "IN TRANSITION", engine: "CFM56-7B26", esns: ["896431", "896502"], apu: { type: "GTCP131-9B", sn: "P8812" }, mtowKg: 79016, lessee: "Southern Cross Air", built: "2014-09-01", delivered: "2014-09-30", fh: 31220, fc: 18950, sbPrefix: "737", cls: "airliner", opsIssue: "2026-08-20", oilIssue: "2026-08-20" }),
  A({ org: "skyline", manufacturer: "ATR", model: "ATR 72-600", msn: "1456", registration: "EI-GPP", status: "GROUNDED", engine: "PW127M", esns: ["ED1021", "ED1033"], apu: null, mtowKg: 23000, lessee: "Emerald Connect", built: "2017-10-12", delivered: "2017-11-08", fh: 21044, fc: 24810, sbPrefix: "ATR72", cls: "turboprop", opsIssue: "2026-07-01", oilIssue: "2026-07-01" }),
  A({ org: "skyline", manufacturer: "Embraer", model: "E190", msn: "19000612", registration: "VH-UYB", status: "IN OPERATION", engine: "CF34-10E5", esns: ["994521", "994530"], apu: { type: "APS2300", sn: "P2201" }, mtowKg: 51800, lessee: "Southern Cross Air", built: "2013-02-18", delivered: "2013-03-21", fh: 29870, fc: 22150, sbPrefix: "190", cls: "airliner", opsIssue: "2026-10-15", oilIssue: "2026-10-15" }),
  A({ org: "skyline", manufacturer: "Airbus", model: "A330-300", msn: "1622", registration: "EI-EDY", status: "IN TRANSITION", engine: "Trent 772B-60", esns: ["41987", "41992"], apu: { type: "GTCP331-350C", sn: "P1190" }, mtowKg: 242000, lessee: "Atlantic Star Airways", built: "2015-04-02", delivered: "2015-05-06", fh: 46210, fc: 9870, sbPrefix: "A330", cls: "airliner", opsIssue: "2026-09-01", oilIssue: "2026-09-01" }),
  A({ org: "skyline", manufacturer: "Boeing", model: "737 MAX 8", msn: "62541", registration: "VH-8IA", status: "IN OPERATION", engine: "LEAP-1B28", esns: ["602345", "602351"], apu: { type: "GTCP131-9B", sn: "P9934" }, mtowKg: 82191, lessee: "Southern Cross Air", built: "2021-11-15", delivered: "2021-12-09", fh: 11020, fc: 5410, sbPrefix: "737", cls: "airliner", opsIssue: "2026-10-20", oilIssue: "2026-10-20" }),
  A({ org: "skyline", manufacturer: "Airbus Helicopters", model: "H145", msn: "20234", registration: "VH-ZHX", kind: "helicopter", status: "IN OPERATION", engine: "Arriel 2E", esns: ["50123", "50131"], apu: null, mtowKg: 3800, lessee: "CareFlight Aeromedical", built: "2018-06-04", delivered: "2018-07-02", fh: 6420, fc: 9810, sbPrefix: "H145", cls: "helicopter", opsIssue: "2026-10-05", oilIssue: "2026-10-05" }),
  // Nordic Regional Airways (operator; ops)
  A({ org: "nordic", manufacturer: "ATR", model: "ATR 72-600", msn: "1320", registration: "OH-ATK", status: "IN OPERATION", engine: "PW127M", esns: ["ED0987", "ED0991"], apu: null, mtowKg: 23000, lessee: "Nordic Regional Airways", built: "2016-03-01", delivered: "2016-03-29", fh: 24410, fc: 29120, sbPrefix: "ATR72", cls: "turboprop", opsIssue: "2026-10-10" }),
  A({ org: "nordic", manufacturer: "Embraer", model: "E190", msn: "19000450", registration: "OH-LKR", status: "IN OPERATION", engine: "CF34-10E5", esns: ["994112", "994118"], apu: { type: "APS2300", sn: "P1877" }, mtowKg: 51800, lessee: "Nordic Regional Airways", built: "2011-08-22", delivered: "2011-09-15", fh: 34120, fc: 26730, sbPrefix: "190", cls: "airliner", opsIssue: "2026-10-10" }),
  A({ org: "nordic", manufacturer: "Airbus", model: "A320-200", msn: "6012", registration: "OH-LXM", status: "GROUNDED", engine: "V2527-A5", esns: ["V16021", "V16034"], apu: { type: "APS3200", sn: "P4410" }, mtowKg: 73500, lessee: "Nordic Regional Airways", built: "2014-02-10", delivered: "2014-03-05", fh: 33980, fc: 19640, sbPrefix: "A320", cls: "airliner", opsIssue: "2026-06-30" }),
  A({ org: "nordic", manufacturer: "Airbus", model: "A321neo", msn: "10245", registration: "OH-LZU", status: "IN OPERATION", engine: "PW1133G-JM", esns: ["P770312", "P770318"], apu: { type: "APS3200", sn: "P7781" }, mtowKg: 97000, lessee: "Nordic Regional Airways", built: "2022-01-18", delivered: "2022-02-14", fh: 9870, fc: 4120, sbPrefix: "A320", cls: "airliner", opsIssue: "2026-10-10" }),
  A({ org: "nordic", manufacturer: "Leonardo", model: "AW139", msn: "31512", registration: "OH-HVG", kind: "helicopter", status: "IN TRANSITION", engine: "PT6C-67C", esns: ["KB0712", "KB0719"], apu: null, mtowKg: 7000, lessee: "Nordic Regional Airways", built: "2015-05-12", delivered: "2015-06-01", fh: 7120, fc: 8890, sbPrefix: "139", cls: "helicopter", opsIssue: "2026-09-15" }),
  // Vertiport Mobility (UAMBOX: eVTOL and helicopters)
  A({ org: "vertiport", manufacturer: "Airbus Helicopters", model: "H145", msn: "20411", registration: "G-VPHA", kind: "helicopter", status: "IN OPERATION", engine: "Arriel 2E", esns: ["50488", "50493"], apu: null, mtowKg: 3800, lessee: "Vertiport Mobility", built: "2020-09-14", delivered: "2020-10-20", fh: 3140, fc: 4620, sbPrefix: "H145", cls: "helicopter" }),
  A({ org: "vertiport", manufacturer: "Sikorsky", model: "S-92", msn: "920254", registration: "G-MCGY", kind: "helicopter", status: "GROUNDED", engine: "CT7-8A", esns: ["947312", "947318"], apu: null, mtowKg: 12565, lessee: "Vertiport Mobility", built: "2014-11-03", delivered: "2014-12-12", fh: 9450, fc: 11230, sbPrefix: "92", cls: "helicopter" }),
  A({ org: "vertiport", manufacturer: "Volocopter", model: "VoloCity", msn: "VC0012", registration: "G-EVTA", status: "IN TRANSITION", engine: null, esns: [], apu: null, mtowKg: 900, lessee: "Vertiport Mobility", built: "2025-04-22", delivered: "2025-06-30", fh: 212, fc: 1340, sbPrefix: "VC", cls: "evtol" }),
  // Meridian Aviation Capital (lessor; storage only)
  A({ org: "meridian", manufacturer: "Boeing", model: "737-800", msn: "38821", registration: "EI-ENL", status: "IN TRANSITION", engine: "CFM56-7B27", esns: ["891204", "891233"], apu: { type: "GTCP131-9B", sn: "P6620" }, mtowKg: 79016, lessee: "Coral Sun Airlines", built: "2010-06-21", delivered: "2010-07-19", fh: 47880, fc: 27610, sbPrefix: "737", cls: "airliner" }),
  A({ org: "meridian", manufacturer: "Airbus", model: "A330-200", msn: "1180", registration: "VH-EBQ", status: "IN OPERATION", engine: "CF6-80E1A4", esns: ["811245", "811260"], apu: { type: "GTCP331-350C", sn: "P0981" }, mtowKg: 242000, lessee: "Pacific Horizon", built: "2010-12-02", delivered: "2011-01-14", fh: 61240, fc: 12880, sbPrefix: "A330", cls: "airliner" }),
  A({ org: "meridian", manufacturer: "Boeing", model: "787-9", msn: "66412", registration: "G-ZBKR", status: "IN OPERATION", engine: "GEnx-1B74/75", esns: ["959512", "959530"], apu: { type: "APS5000", sn: "P0412" }, mtowKg: 254011, lessee: "Albion Atlantic", built: "2018-08-30", delivered: "2018-09-27", fh: 28760, fc: 4430, sbPrefix: "787", cls: "airliner" }),
  A({ org: "meridian", manufacturer: "Airbus", model: "A320neo", msn: "9087", registration: "EI-NSA", status: "GROUNDED", engine: "LEAP-1A26", esns: ["598877", "598891"], apu: { type: "APS3200", sn: "P6093" }, mtowKg: 79000, lessee: "Coral Sun Airlines", built: "2019-09-09", delivered: "2019-10-01", fh: 15230, fc: 8810, sbPrefix: "A320", cls: "airliner" }),
];

/** Skyline aircraft (by MSN) that reader@demo.aero may read; the other Skyline aircraft are invisible to it. */
export const READER_MSNS: readonly string[] = ["5123", "8842", "19000612", "20234"];

export const aircraftName = (f: Pick<FleetSpec, "model" | "msn">) => `${f.model} MSN ${f.msn}`;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Rnd = () => number;
const int = (r: Rnd, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rnd, arr: readonly T[]): T => arr[Math.floor(r() * arr.length)];
const chance = (r: Rnd, p: number) => r() < p;
function sample<T>(r: Rnd, arr: readonly T[], n: number): T[] {
  const copy = [...arr];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, Math.min(n, copy.length));
}
function chunks<T>(arr: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < arr.length; i += size) out.push(arr.slice(i, i + size));
  return out;
}

/** The seed's "today": dates are fixed so the data is the same on every run. */
const BASE_MS = Date.UTC(2026, 10, 16, 9, 0, 0);
const DAY = 86_400_000;
const isoDaysAgo = (days: number, minutes = 0) => new Date(BASE_MS - days * DAY + minutes * 60_000).toISOString();
const dateDaysAgo = (days: number) => isoDaysAgo(days).slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(date + "T00:00:00Z") + days * DAY).toISOString().slice(0, 10);
const fmtNum = (n: number) => n.toLocaleString("en-GB");

const AUTHORITY: Record<string, string> = {
  EI: "Irish Aviation Authority",
  VH: "Civil Aviation Safety Authority of Australia",
  OH: "Finnish Transport and Communications Agency Traficom",
  G: "UK Civil Aviation Authority",
};
const authorityOf = (reg: string) => AUTHORITY[reg.split("-")[0]] ?? "National Aviation Authority";
const faaStyle = (m: string) => m === "Boeing" || m === "Sikorsky" || m === "Embraer";

interface Ctx extends FleetSpec {
  id: number;
  orgId: number;
  orgName: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Record content (shared by the files and the ops/oil tabs, so both tell the same story)
// ---------------------------------------------------------------------------------------------

const AD_SUBJECTS: readonly [string, string][] = [
  ["28", "Fuel pump housing - inspection for cracks"],
  ["32", "Main landing gear side brace - inspection"],
  ["27", "Flap track - corrosion inspection"],
  ["53", "Fuselage skin lap joint - detailed inspection"],
  ["21", "Cabin pressure controller - software update"],
  ["34", "Air data inertial reference unit - replacement"],
  ["57", "Wing rib feet - detailed visual inspection"],
  ["29", "Hydraulic pressure hose - replacement"],
  ["30", "Pitot probe heating - modification"],
  ["25", "Emergency escape slide - inspection"],
  ["26", "Cargo compartment smoke detector - replacement"],
  ["72", "Fan blade root - ultrasonic inspection"],
  ["73", "Fuel metering unit - replacement"],
  ["71", "Engine mount bolts - inspection"],
  ["52", "Passenger door hinge - inspection"],
  ["33", "Emergency lighting battery - replacement"],
  ["24", "Generator control unit - modification"],
  ["36", "Bleed air precooler - inspection"],
  ["35", "Crew oxygen mask - inspection"],
  ["31", "Flight warning computer - software standard"],
];
const HELI_AD_SUBJECTS: readonly [string, string][] = [
  ["62", "Main rotor blade - tap test inspection"],
  ["63", "Main gearbox oil cooler fan - inspection"],
  ["64", "Tail rotor blade - erosion inspection"],
  ["65", "Tail rotor drive shaft - inspection"],
  ["67", "Swashplate bearing - inspection"],
  ["25", "Emergency flotation system - inspection"],
  ["28", "Fuel tank drain valve - replacement"],
  ["72", "Engine compressor - borescope inspection"],
  ["32", "Skid landing gear cross tube - inspection"],
  ["33", "Anti-collision light - replacement"],
  ["62", "Main rotor hub - inspection"],
  ["22", "Autopilot servo - modification"],
];
const AD_COMPLIANCE = ["Complied", "Complied", "Complied", "Repetitive", "Not Applicable", "Open"] as const;
const AD_METHOD = ["Inspection", "Modification", "Replacement", "Software update", "Not applicable by MSN"] as const;

interface AdRow { number: string; ata: string; subject: string; effective: string; compliance: string; method: string; nextDue: string | null }
function adList(ac: FleetSpec): AdRow[] {
  const r = prng(seedOf(`${ac.msn}|ad`));
  const subjects = ac.kind === "helicopter" || ac.cls === "evtol" ? HELI_AD_SUBJECTS : AD_SUBJECTS;
  const n = int(r, 12, Math.min(20, subjects.length));
  const rows = sample(r, subjects, n).map(([ata, subject]) => {
    const year = int(r, Math.max(2010, Number(ac.built.slice(0, 4)) - 2), 2026);
    const effective = `${year}-${String(int(r, 1, 12)).padStart(2, "0")}-${String(int(r, 1, 28)).padStart(2, "0")}`;
    const number = faaStyle(ac.manufacturer)
      ? `${year}-${String(int(r, 1, 26)).padStart(2, "0")}-${String(int(r, 1, 20)).padStart(2, "0")}`
      : `${year}-${String(int(r, 1, 290)).padStart(4, "0")}`;
    const compliance = pick(r, AD_COMPLIANCE);
    return {
      number,
      ata,
      subject,
      effective,
      compliance,
      method: compliance === "Not Applicable" ? "Not applicable by MSN" : pick(r, AD_METHOD.slice(0, 4)),
      nextDue: compliance === "Repetitive" || compliance === "Open" ? addDays("2026-11-16", int(r, 20, 600)) : null,
    };
  });
  return rows.sort((a, b) => a.effective.localeCompare(b.effective));
}

const SB_TITLES = [
  "Improve sealing of the cargo door",
  "Introduce new cabin lighting controller",
  "Replace galley water heater",
  "Reinforce the floor beam at the forward door",
  "Install improved brake temperature sensors",
  "Upgrade the flight management system software",
  "Modify the lavatory smoke detector wiring",
  "Introduce an improved fuel quantity probe",
  "Replace the windshield heat controller",
  "Install a new emergency locator transmitter",
  "Relocate the static port heater wiring",
  "Improve corrosion protection of the keel beam",
  "Introduce a strengthened access panel",
  "Inspect and rework the wing-to-body fairing brackets",
] as const;
interface SbRow { number: string; title: string; revision: number; category: string; status: string; date: string | null }
function sbList(ac: FleetSpec): SbRow[] {
  const r = prng(seedOf(`${ac.msn}|sb`));
  return sample(r, SB_TITLES, int(r, 10, 14)).map((title) => {
    const status = pick(r, ["Embodied", "Embodied", "Not Embodied", "Not Applicable"] as const);
    return {
      number: `${ac.sbPrefix}-${int(r, 21, 57)}-${String(int(r, 1001, 1480))}`,
      title,
      revision: int(r, 0, 4),
      category: pick(r, ["Mandatory", "Recommended", "Recommended", "Optional"] as const),
      status,
      date: status === "Embodied" ? dateDaysAgo(int(r, 60, 3000)) : null,
    };
  });
}

const TURBOFAN_LLPS = ["Fan Disk", "Fan Shaft", "Booster Spool", "HPC Stage 1-2 Spool", "HPC Stage 3 Disk", "HPC Stage 4-9 Spool", "HPC CDP Seal", "HPT Front Shaft", "HPT Stage 1 Disk", "HPT Rear Shaft", "LPT Stage 1 Disk", "LPT Stage 2 Disk", "LPT Stage 3 Disk", "LPT Shaft"] as const;
const TURBOSHAFT_LLPS = ["Compressor Impeller", "1st Stage Compressor Disk", "Gas Generator Turbine Disk", "HP Turbine Disk", "LP Turbine Disk", "Power Turbine Disk", "Power Turbine Shaft", "Reduction Gearbox Shaft"] as const;
interface LlpRow { esn: string; part: string; partNo: string; serialNo: string; limit: number; csn: number; remaining: number }
function llpList(ac: FleetSpec, esn: string): LlpRow[] {
  const r = prng(seedOf(`${ac.msn}|llp|${esn}`));
  const parts = ac.cls === "airliner" ? TURBOFAN_LLPS : TURBOSHAFT_LLPS;
  return parts.map((part) => {
    const limit = pick(r, ac.cls === "airliner" ? [20000, 25000, 30000] : [10000, 15000, 20000, 25000]);
    const csn = Math.min(limit - 200, Math.round(ac.fc * (0.55 + r() * 0.45)));
    return { esn, part, partNo: `${int(r, 1000, 9999)}M${int(r, 10, 99)}P${String(int(r, 1, 20)).padStart(2, "0")}`, serialNo: `${pick(r, ["GWN", "TMT", "XAE", "HJB"])}${int(r, 10000, 99999)}`, limit, csn, remaining: limit - csn };
  });
}

const HARD_TIME = [
  ["Emergency Locator Transmitter", "25", "C406-2", 72],
  ["APU Fire Extinguisher Bottle", "26", "473597-1", 120],
  ["Crew Oxygen Cylinder", "35", "801307-00", 60],
  ["Escape Slide L1", "25", "D31865-105", 36],
  ["Escape Slide R1", "25", "D31865-106", 36],
  ["Flight Data Recorder", "31", "2100-4045-00", 96],
  ["Cockpit Voice Recorder", "23", "2100-1225-22", 96],
  ["Main Battery", "24", "F6706-1", 24],
  ["Cargo Fire Bottle", "26", "33600045-1", 120],
  ["Portable Oxygen Bottle", "35", "6100-18", 60],
  ["Life Vest Crew", "25", "P01074-201", 120],
  ["Engine Fire Extinguisher Bottle", "26", "30903828", 120],
] as const;
const HELI_HARD_TIME = [
  ["Emergency Flotation Bottle", "25", "B28301-12", 36],
  ["Emergency Locator Transmitter", "25", "C406-N", 72],
  ["Engine Fire Extinguisher", "26", "2645-01", 120],
  ["Main Battery", "24", "SAFT 40176", 24],
  ["Life Raft", "25", "P0625-101", 36],
  ["Cockpit Voice and Flight Data Recorder", "31", "MPFR-3020", 96],
  ["Rescue Hoist Cable", "25", "44316-10-1", 12],
  ["First Aid Oxygen", "35", "89797-01", 60],
] as const;
interface HtRow { description: string; ata: string; partNo: string; serialNo: string; installed: string; months: number; due: string }
function hardTimeList(ac: FleetSpec): HtRow[] {
  const r = prng(seedOf(`${ac.msn}|ht`));
  const list = ac.kind === "helicopter" || ac.cls === "evtol" ? HELI_HARD_TIME : HARD_TIME;
  return list.map(([description, ata, partNo, months]) => {
    const installed = dateDaysAgo(int(r, 30, Math.min(months * 30 - 10, 2500)));
    return { description, ata, partNo, serialNo: `${pick(r, ["SN", "A", "K", "RX"])}${int(r, 10000, 99999)}`, installed, months, due: addDays(installed, Math.round(months * 30.44)) };
  });
}

function checkList(ac: FleetSpec): { check: string; interval: string; lastDone: string; lastFh: number; nextDue: string; remainingFh: number }[] {
  const r = prng(seedOf(`${ac.msn}|checks`));
  const defs: [string, string, number, number][] =
    ac.cls === "airliner"
      ? [["Daily Check", "48 HRS", 2, 0], ["Weekly Check", "7 DAYS", 7, 0], ["A-Check", "750 FH / 120 DAYS", 120, 750], ["C-Check", "7500 FH / 24 MO", 730, 7500], ["6YR Structural", "72 MO", 2190, 0], ["12YR Structural", "144 MO", 4380, 0]]
      : ac.cls === "turboprop"
        ? [["Daily Check", "36 HRS", 2, 0], ["A-Check", "500 FH", 60, 500], ["C-Check", "5000 FH / 24 MO", 730, 5000], ["4YR Structural", "48 MO", 1460, 0], ["8YR Structural", "96 MO", 2920, 0]]
        : ac.cls === "helicopter"
          ? [["Daily Check", "24 HRS", 1, 0], ["100 FH Inspection", "100 FH", 45, 100], ["600 FH Inspection", "600 FH / 12 MO", 365, 600], ["1200 FH Inspection", "1200 FH / 24 MO", 730, 1200], ["3000 FH Inspection", "3000 FH / 72 MO", 2190, 3000]]
          : [["Pre-flight Check", "DAILY", 1, 0], ["50 FH Inspection", "50 FH", 30, 50], ["Battery Health Check", "200 CYCLES", 60, 0], ["Annual Inspection", "12 MO", 365, 0]];
  return defs.map(([check, interval, days, fh]) => {
    const ago = Math.max(1, Math.floor(days * (0.1 + r() * 0.8)));
    const lastFh = Math.max(0, ac.fh - Math.round(ago * (ac.cls === "airliner" ? 8 : 3)));
    return { check, interval, lastDone: dateDaysAgo(ago), lastFh, nextDue: addDays(dateDaysAgo(ago), days), remainingFh: fh ? fh - (ac.fh - lastFh) : 0 };
  });
}

function gearList(ac: FleetSpec): { position: string; partNo: string; serialNo: string; tso: number; cso: number; limit: string }[] {
  const r = prng(seedOf(`${ac.msn}|gear`));
  if (ac.kind === "helicopter") {
    const blades = ac.model === "S-92" ? 4 : ac.model === "AW139" ? 5 : 4;
    const rows = [];
    for (let b = 1; b <= blades; b++) rows.push({ position: `Main Rotor Blade ${b}`, partNo: `${ac.sbPrefix}-${int(r, 100, 999)}-${int(r, 10, 99)}`, serialNo: `MRB${int(r, 1000, 9999)}`, tso: int(r, 400, 5000), cso: int(r, 500, 7000), limit: "20000 FH" });
    for (const p of ["Tail Rotor Blade Set", "Main Gearbox", "Tail Rotor Gearbox", "Main Rotor Head", "Swashplate Assembly"]) {
      rows.push({ position: p, partNo: `${ac.sbPrefix}-${int(r, 100, 999)}-${int(r, 10, 99)}`, serialNo: `${p.split(" ").map((w) => w[0]).join("")}${int(r, 1000, 9999)}`, tso: int(r, 200, 4000), cso: int(r, 300, 6000), limit: pick(r, ["3000 FH / 15 YR", "4000 FH", "On condition"]) });
    }
    return rows;
  }
  const legs = ["NLG", "MLG LH", "MLG RH"].map((position) => ({
    position,
    partNo: `${pick(r, ["D23189000", "201587001", "C24300000"])}-${int(r, 1, 12)}`,
    serialNo: `${pick(r, ["MAL", "B", "SL"])}${int(r, 1000, 9999)}`,
    tso: int(r, 1000, 9000),
    cso: int(r, 1000, 9000),
    limit: ac.cls === "turboprop" ? "20000 CYCLES / 12 YR" : "10 YR / 20000 CYCLES",
  }));
  const mains = ac.cls === "turboprop" ? 4 : ac.mtowKg > 200000 ? 8 : 4;
  const wheels = [
    ...[1, 2].map((n) => ({ position: `Nose Wheel ${n}`, kind: "wheel" })),
    ...Array.from({ length: mains }, (_, i) => ({ position: `Main Wheel ${i + 1}`, kind: "wheel" })),
    ...Array.from({ length: ac.cls === "turboprop" ? 4 : mains }, (_, i) => ({ position: `Brake Assembly ${i + 1}`, kind: "brake" })),
  ].map(({ position, kind }) => ({
    position,
    partNo: kind === "wheel" ? `${pick(r, ["3-1546", "2-1582", "C20195100"])}-${int(r, 1, 9)}` : `${pick(r, ["2-1577", "C20225100", "2-1798"])}-${int(r, 1, 9)}`,
    serialNo: `${kind === "wheel" ? "W" : "BR"}${int(r, 10000, 99999)}`,
    tso: int(r, 50, 900),
    cso: int(r, 50, 1200),
    limit: kind === "wheel" ? "On condition (tyre change)" : "Wear pin",
  }));
  return [...legs, ...wheels];
}

const AIRPORTS: Record<string, string[]> = {
  EI: ["EIDW", "EGLL", "LFPG", "EHAM", "EICK", "LEMD", "EDDF"],
  VH: ["YSSY", "YMML", "YBBN", "YPPH", "YSCB", "NZAA"],
  OH: ["EFHK", "ESSA", "ENGM", "EFOU", "EFRO", "EETN"],
  G: ["EGLL", "EGKK", "EGPH", "EGCC", "EGLC", "EHAM"],
};
function logbookEntries(ac: FleetSpec, from: string, n: number): { date: string; flight: string; sector: string; blockHours: number; defect: string; action: string }[] {
  const r = prng(seedOf(`${ac.msn}|tlb|${from}`));
  const ports = AIRPORTS[ac.registration.split("-")[0]] ?? AIRPORTS.EI;
  const defects = ["NIL", "NIL", "NIL", "Cabin PA inop row 14", "Left landing light u/s", "Lav 2 flush slow", "ENG 2 oil qty low indication", "Seat 12C recline inop", "Weather radar intermittent", "Fwd galley oven 2 inop"];
  const out = [];
  let d = from;
  for (let i = 0; i < n; i++) {
    d = addDays(d, int(r, 1, 3));
    const a = pick(r, ports);
    let b = pick(r, ports);
    if (b === a) b = ports[(ports.indexOf(a) + 1) % ports.length];
    const defect = pick(r, defects);
    out.push({
      date: d,
      flight: ac.kind === "helicopter" ? `HEMS ${int(r, 100, 999)}` : `${ac.registration.slice(-3)}${int(r, 100, 999)}`,
      sector: `${a}-${b}`,
      blockHours: Math.round((ac.kind === "helicopter" ? 0.6 + r() * 1.5 : 1 + r() * 3) * 10) / 10,
      defect,
      action: defect === "NIL" ? "" : pick(r, ["Rectified IAW AMM", "Deferred MEL Cat C", "Component replaced, ops check good", "Tested serviceable"]),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

interface FilePlan {
  path: string;
  kind: SampleKind;
  /** Builds the bytes; r is the file's own PRNG (files are built concurrently, so they must not share one). */
  make: (r: Rnd) => Uint8Array | Promise<Uint8Array>;
}

// Sample records in Latin-1 use the standard Helvetica: no font to embed, ten times faster to seed.
const pdf = (doc: PdfDoc) => renderPdf({ created: new Date(BASE_MS), stamp: false, ...doc, font: /[^\x00-\xff]/.test(JSON.stringify(doc)) ? "unicode" : "standard" });
const acLine = (ac: Ctx) => `${ac.manufacturer} ${ac.model}  |  MSN ${ac.msn}  |  Registration ${ac.registration}`;

function recordsPlan(ac: Ctx, small: boolean): { folders: string[]; files: FilePlan[] } {
  const r = prng(seedOf(`${ac.msn}|records`));
  const heli = ac.kind === "helicopter";
  const authority = authorityOf(ac.registration);
  const folders = [
    "/01 Certificates",
    "/02 Maintenance Programme",
    "/03 AD Status",
    "/04 SB Status",
    "/05 LLP Back-to-Birth",
    ...(ac.esns.length ? ["/06 Engine Records", ...ac.esns.map((e) => `/06 Engine Records/ESN ${e}`)] : []),
    ...(ac.apu ? ["/07 APU"] : []),
    heli ? "/08 Dynamic Components" : "/08 Landing Gear",
    "/09 Component Records",
    "/10 Delivery Documents",
    "/11 Damage Charts",
    "/12 Weight and Balance",
    "/Technical Logbook",
    "/Technical Logbook/2025",
    "/Technical Logbook/2026",
  ];
  const files: FilePlan[] = [];
  const add = (path: string, kind: SampleKind, make: (r: Rnd) => Uint8Array | Promise<Uint8Array>) => files.push({ path, kind, make });
  const ads = adList(ac);
  const sbs = sbList(ac);
  const adMonth = "2026-10";

  add("/01 Certificates/Certificate of Airworthiness.pdf", "pdf", (r) =>
    pdf({
      title: "Certificate of Airworthiness",
      subtitle: `${authority}  -  ${ac.registration}`,
      sections: [
        {
          lines: [
            `1. Nationality and registration marks: ${ac.registration}`,
            `2. Manufacturer and manufacturer's designation of aircraft: ${ac.manufacturer} ${ac.model}`,
            `3. Aircraft serial number: ${ac.msn}`,
            `4. Categories and/or operation: ${heli ? "Rotorcraft, Category A and B" : "Transport (Passenger)"}`,
            "5. This Certificate of Airworthiness is issued pursuant to the Convention on International Civil Aviation dated 7 December 1944 in respect of the above-mentioned aircraft, which is considered to be airworthy when maintained and operated in accordance with the foregoing and the pertinent operating limitations.",
            `6. Date of issue: ${ac.delivered}`,
            `Certificate number: ${ac.registration.replace("-", "")}-COA-${int(r, 1000, 9999)}`,
          ],
        },
        { heading: "Airworthiness review", table: { columns: ["Review", "Issued", "Expires", "Reviewer"], rows: [0, 1, 2].map((i) => [`ARC ${i + 1}`, addDays("2024-11-20", i * 365), addDays("2025-11-19", i * 365), pick(r, ["J. Byrne", "K. Lahti", "M. Evans", "S. Patel"])]) } },
      ],
    }),
  );
  // A scanned Form 1 (an image with printed words only: its text comes from OCR, issue 17).
  add("/09 Component Records/Scanned Form 1 Fuel Pump.png", "png", (r) =>
    scannedPagePng({
      seed: seedOf(`${ac.msn}|form1`),
      lines: [
        "EASA FORM 1",
        "AUTHORISED RELEASE CERTIFICATE",
        `FORM TRACKING NUMBER ${int(r, 10000, 99999)}`,
        "DESCRIPTION FUEL PUMP",
        `PART NUMBER ${int(r, 1000000, 9999999)}-4`,
        `SERIAL NUMBER FP${int(r, 10000, 99999)}`,
        "STATUS OVERHAULED",
        `AIRCRAFT MSN ${ac.msn}`,
      ],
    }),
  );
  // A scanned tech log page: a PDF without a text layer (OCR after rendering the page).
  add("/Technical Logbook/2026/Scanned Tech Log Page.pdf", "pdf", async (r) =>
    scannedPdf([
      await scannedPagePng({
        seed: seedOf(`${ac.msn}|techlog`),
        lines: [
          `TECHNICAL LOG ${ac.registration}  PAGE ${int(r, 1000, 9999)}`,
          "DEFECT: HYDRAULIC LEAK AT LEFT MAIN GEAR ACTUATOR",
          "ACTION: SEAL REPLACED, LEAK CHECK SATISFACTORY",
          `CERTIFIED BY LICENCE ${int(r, 100000, 999999)}`,
        ],
      }),
    ]),
  );
  if (small) {
    add("/03 AD Status/AD Status.xlsx", "xlsx", (r) => xlsxBytes([adSheet(ac, ads)]));
    add("/04 SB Status/SB Status Export.csv", "csv", (r) => csvBytes(["SB Number", "Title", "Revision", "Category", "Status", "Date"], sbs.map((s) => [s.number, s.title, s.revision, s.category, s.status, s.date])));
    add("/11 Damage Charts/Damage Chart Fuselage LH.png", "png", (r) => damageChartPng({ title: heli ? "Damage Chart Cabin LH" : "Damage Chart Fuselage LH", subtitle: `${ac.name} ${ac.registration}`, view: "fuselage", marks: damageMarks(ac, "fus") }));
    add("/Records Index.txt", "txt", (r) => recordsIndex(ac, files));
    return { folders, files };
  }

  // A faded scan that OCR cannot read well: it shows in the OCR report as low confidence (issue 17).
  add("/10 Delivery Documents/Faded Work Order Scan.png", "png", () =>
    scannedPagePng({ seed: seedOf(`${ac.msn}|faded`), ink: "rgb(200,198,192)", size: 14, lines: [`WORK ORDER ${ac.msn}-17 HYDRAULIC PUMP REMOVED`, "BORESCOPE INSPECTION STAGE 1 HPT", "SIGNED J BYRNE"] }),
  );

  add("/01 Certificates/Certificate of Registration.pdf", "pdf", (r) =>
    pdf({
      title: "Certificate of Registration",
      subtitle: `${authority}  -  ${ac.registration}`,
      sections: [
        {
          lines: [
            `Registration mark: ${ac.registration}`,
            `Manufacturer and model: ${ac.manufacturer} ${ac.model}`,
            `Manufacturer's serial number: ${ac.msn}`,
            `Registered owner: ${ac.orgName}`,
            `Operator: ${ac.lessee}`,
            `Date of registration: ${ac.delivered}`,
            "This certificate is not a certificate of title. It records the entry of the aircraft in the national register.",
          ],
        },
      ],
    }),
  );
  if (chance(r, 0.6)) add("/01 Certificates/Noise Certificate.pdf", "pdf", (r) =>
    pdf({
      title: "Noise Certificate",
      subtitle: `${ac.registration}  -  MSN ${ac.msn}`,
      sections: [
        { lines: [`Aircraft: ${ac.manufacturer} ${ac.model}`, `Engines: ${ac.engine ?? "Electric propulsion"}`, `Maximum take-off mass: ${fmtNum(ac.mtowKg)} kg`, `Noise standard: ICAO Annex 16, Volume I, ${heli ? "Chapter 8" : "Chapter 4"}`] },
        {
          heading: "Certified noise levels",
          table: {
            columns: ["Reference point", "Level EPNdB", "Limit EPNdB", "Margin"],
            rows: (heli ? ["Take-off", "Overflight", "Approach"] : ["Lateral", "Flyover", "Approach"]).map((p) => {
              const lim = int(r, 90, 104);
              const lvl = lim - int(r, 2, 9) - Math.round(r() * 10) / 10;
              return [p, lvl.toFixed(1), String(lim), (lim - lvl).toFixed(1)];
            }),
          },
        },
      ],
    }),
  );
  if (chance(r, 0.5)) {
    add("/01 Certificates/Radio Station Licence.pdf", "pdf", (r) =>
      pdf({
        title: "Aircraft Radio Station Licence",
        subtitle: `${ac.registration}  -  ${ac.lessee}`,
        sections: [
          {
            table: {
              columns: ["Equipment", "Manufacturer", "Quantity"],
              rows: [["VHF transceiver", "Collins", "3"], ["HF transceiver", "Collins", heli ? "0" : "2"], ["ATC transponder Mode S", "Honeywell", "2"], ["Emergency locator transmitter", "Orolia", "1"], ["Weather radar", heli ? "Honeywell" : "Collins", "1"], ["TCAS II", "Honeywell", heli ? "0" : "1"]],
            },
          },
          { lines: [`Call sign: ${ac.registration.replace("-", "")}`, `Valid until: ${addDays(ac.delivered, 365 * 15)}`] },
        ],
      }),
    );
  }

  add(`/02 Maintenance Programme/AMP Revision ${int(r, 8, 22)}.pdf`, "pdf", (r) =>
    pdf({
      title: "Approved Maintenance Programme",
      subtitle: acLine(ac),
      sections: [
        { heading: "Approval", lines: [`Operator: ${ac.lessee}`, `Approved by: ${authority}`, `Based on the manufacturer's ${ac.cls === "airliner" ? "MPD" : "MSM"} revision ${int(r, 30, 60)}`] },
        { heading: "Check intervals", table: { columns: ["Check", "Interval", "Last done", "Next due"], rows: checkList(ac).map((c) => [c.check, c.interval, c.lastDone, c.nextDue]) } },
      ],
    }),
  );
  if (chance(r, 0.4)) {
    add("/02 Maintenance Programme/Check History.xlsx", "xlsx", (r) =>
      xlsxBytes([
        {
          name: "Check History",
          preamble: [`Check history ${ac.name}`, acLine(ac)],
          columns: ["Check", "Interval", "Last Done", "Last Done FH", "Next Due", "Remaining FH"],
          rows: checkList(ac).map((c) => [c.check, c.interval, c.lastDone, c.lastFh, c.nextDue, c.remainingFh]),
        },
      ]),
    );
  }

  add(`/03 AD Status/AD Status Report ${adMonth}.pdf`, "pdf", (r) =>
    pdf({
      title: "Airworthiness Directive Status",
      subtitle: `${acLine(ac)}  |  Status at ${adMonth}-31`,
      sections: [
        { lines: [`Applicable authority: ${faaStyle(ac.manufacturer) ? "FAA / " : ""}EASA`, `Total ADs reviewed: ${ads.length}`, `Open items: ${ads.filter((a) => a.compliance === "Open").length}`] },
        { table: { columns: ["AD Number", "ATA", "Subject", "Effective", "Compliance", "Method", "Next Due"], rows: ads.map((a) => [a.number, a.ata, a.subject, a.effective, a.compliance, a.method, a.nextDue ?? "-"]) } },
      ],
    }),
  );
  add(`/03 AD Status/AD Status ${adMonth}.xlsx`, "xlsx", (r) => xlsxBytes([adSheet(ac, ads)]));
  // A compliance statement for two of the ADs: the record of one row of the AD Status tab, which
  // the linked-documents scan suggests for that row once its text is read (issue 17 item 5).
  for (const a of ads.slice(1, 3)) {
    add(`/03 AD Status/AD ${a.number} Compliance Statement.pdf`, "pdf", () =>
      pdf({
        title: "Airworthiness Directive Compliance Statement",
        subtitle: acLine(ac),
        sections: [
          { fields: [["AD number", a.number], ["ATA chapter", a.ata], ["Subject", a.subject], ["Effective date", a.effective], ["Status", a.compliance], ["Method of compliance", a.method]] },
          { lines: [`The requirements of AD ${a.number} have been reviewed for MSN ${ac.msn}. The method of compliance above was applied and recorded in the aircraft's maintenance records.`] },
          { signature: { statement: "Certified by the continuing airworthiness management organisation.", blanks: ["Name", "Approval reference", "Signature", "Date"] } },
        ],
      }),
    );
  }

  add("/04 SB Status/SB Status Report.pdf", "pdf", (r) =>
    pdf({
      title: "Service Bulletin Status",
      subtitle: acLine(ac),
      sections: [{ table: { columns: ["SB Number", "Title", "Rev", "Category", "Status", "Date"], rows: sbs.map((s) => [s.number, s.title, String(s.revision), s.category, s.status, s.date ?? "-"]) } }],
    }),
  );
  if (chance(r, 0.6)) {
    add("/04 SB Status/SB Status Export.csv", "csv", (r) => csvBytes(["SB Number", "Title", "Revision", "Category", "Status", "Date"], sbs.map((s) => [s.number, s.title, s.revision, s.category, s.status, s.date])));
  }

  for (const [i, esn] of ac.esns.entries()) {
    if (i > 0 && chance(r, 0.4)) continue;
    add(`/05 LLP Back-to-Birth/LLP Status ESN ${esn}.pdf`, "pdf", (r) => {
      const llps = llpList(ac, esn);
      return pdf({
        title: "Life Limited Parts Status",
        subtitle: `Engine ${ac.engine}  |  ESN ${esn}  |  Installed on ${ac.registration}`,
        sections: [
          { lines: [`Total cycles since new (engine): ${fmtNum(Math.max(...llps.map((l) => l.csn)))}`, "Back-to-birth traceability reviewed for every part listed below.", `Lowest remaining: ${fmtNum(Math.min(...llps.map((l) => l.remaining)))} cycles`] },
          { table: { columns: ["Part", "Part No", "Serial No", "Life Limit", "CSN", "Remaining"], rows: llps.map((l) => [l.part, l.partNo, l.serialNo, fmtNum(l.limit), fmtNum(l.csn), fmtNum(l.remaining)]) } },
        ],
      });
    });
  }
  if (ac.esns.length && chance(r, 0.5)) {
    add("/05 LLP Back-to-Birth/LLP Summary.xlsx", "xlsx", (r) =>
      xlsxBytes(
        ac.esns.map((esn) => ({
          name: `ESN ${esn}`,
          preamble: [`LLP summary ${ac.engine} ESN ${esn}`],
          columns: ["Part", "Part No", "Serial No", "Life Limit", "CSN", "Remaining"],
          rows: llpList(ac, esn).map((l) => [l.part, l.partNo, l.serialNo, l.limit, l.csn, l.remaining]),
        })),
      ),
    );
  }

  ac.esns.forEach((esn, i) => {
    if (i === 0 || chance(r, 0.4)) {
      add(`/06 Engine Records/ESN ${esn}/Engine Data Submittal.pdf`, "pdf", (r) =>
        pdf({
          title: "Engine Data Submittal",
          subtitle: `${ac.engine}  |  ESN ${esn}  |  Position ${i + 1}`,
          sections: [
            {
              table: {
                columns: ["Item", "Value"],
                rows: [
                  ["Engine model", ac.engine ?? ""],
                  ["Serial number", esn],
                  ["Installed on", `${ac.registration} (MSN ${ac.msn}) position ${i + 1}`],
                  ["Time since new", `${fmtNum(Math.round(ac.fh * (0.8 + 0.2 * r())))} FH`],
                  ["Cycles since new", `${fmtNum(Math.round(ac.fc * (0.8 + 0.2 * r())))} FC`],
                  ["Last shop visit", dateDaysAgo(int(r, 300, 2400))],
                  ["Shop visit workscope", pick(r, ["Performance restoration", "Core module overhaul", "Hot section inspection", "LLP replacement"])],
                  ["EGT margin", `${int(r, 18, 62)} C`],
                ],
              },
            },
            { heading: "Statement", lines: ["The engine has not been involved in any incident or accident and has not been exposed to fire or immersion since the last shop visit."] },
          ],
        }),
      );
    }
    if (i === 0 && chance(r, 0.8)) {
      add(`/06 Engine Records/ESN ${esn}/Oil Consumption Trend.png`, "png", (r) => {
        const tr = prng(seedOf(`${esn}|trend`));
        const months = ["DEC", "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV"];
        return trendChartPng({ title: `Oil consumption ESN ${esn}`, subtitle: `${ac.engine} ${ac.registration} - quarts per flight hour, monthly average`, unit: "QT/FH", values: months.map((_, k) => Math.round((0.1 + 0.08 * tr() + k * 0.004) * 100) / 100), limit: 0.3, labels: months });
      });
    }
  });

  if (ac.apu) {
    const apu = ac.apu;
    add("/07 APU/APU Shop Visit Report.pdf", "pdf", (r) =>
      pdf({
        title: "APU Shop Visit Report",
        subtitle: `${apu.type}  |  SN ${apu.sn}  |  ${ac.registration}`,
        sections: [
          { lines: [`Removal reason: ${pick(r, ["High EGT", "Oil leak", "Scheduled LLP replacement", "Bleed air low"])}`, `Shop: ${pick(r, ["Honeywell Raunheim", "Pratt and Whitney Canada", "Lufthansa Technik"])}`, `Released: ${dateDaysAgo(int(r, 200, 1500))}`] },
          { heading: "Workscope", table: { columns: ["Module", "Action", "Finding"], rows: [["Load compressor", "Inspected", "Erosion within limits"], ["Power section", "Overhauled", "Turbine blades replaced"], ["Gearbox", "Inspected", "No findings"], ["Fuel control unit", "Replaced", "Exchange unit fitted"]] } },
        ],
      }),
    );
  }

  const gear = gearList(ac);
  add(heli ? "/08 Dynamic Components/Dynamic Components Status.pdf" : "/08 Landing Gear/Landing Gear Status.pdf", "pdf", (r) =>
    pdf({
      title: heli ? "Dynamic Components Status" : "Landing Gear Status",
      subtitle: acLine(ac),
      sections: [{ table: { columns: ["Position", "Part No", "Serial No", "TSO", "CSO", "Limit"], rows: gear.map((g) => [g.position, g.partNo, g.serialNo, fmtNum(g.tso), fmtNum(g.cso), g.limit]) } }],
    }),
  );

  const ht = hardTimeList(ac);
  add("/09 Component Records/Hard Time Components.xlsx", "xlsx", (r) =>
    xlsxBytes([{ name: "Hard Time", preamble: [`Hard time components ${ac.name}`, acLine(ac)], columns: ["Description", "ATA", "Part No", "Serial No", "Installed", "Limit months", "Due"], rows: ht.map((h) => [h.description, h.ata, h.partNo, h.serialNo, h.installed, h.months, h.due]) }]),
  );
  if (chance(r, 0.4)) {
    add("/09 Component Records/Component Removals.csv", "csv", (r) => {
      const cr = prng(seedOf(`${ac.msn}|removals`));
      const rows: Cell[][] = Array.from({ length: 12 }, () => {
        const h = pick(cr, ht);
        return [dateDaysAgo(int(cr, 10, 1500)), h.description, h.partNo, h.serialNo, pick(cr, ["Scheduled", "Unscheduled", "Robbery", "Modification"]), pick(cr, ["Serviceable", "Repaired", "Overhauled", "Scrapped"])];
      }).sort((a, b) => String(b[0]).localeCompare(String(a[0])));
      return csvBytes(["Date", "Description", "Part No", "Serial No", "Reason", "Result"], rows);
    });
  }

  add("/10 Delivery Documents/Technical Acceptance Certificate.pdf", "pdf", (r) =>
    pdf({
      title: "Technical Acceptance Certificate",
      subtitle: acLine(ac),
      sections: [
        { lines: [`${ac.lessee} hereby accepts delivery of the aircraft described below from ${ac.orgName}, at ${pick(r, ["Dublin", "Toulouse", "Hamburg", "Seattle", "Helsinki", "Sydney"])} on ${ac.delivered}.`] },
        { table: { columns: ["Item", "At delivery"], rows: [["Airframe hours", fmtNum(Math.round(ac.fh * 0.02))], ["Airframe cycles", fmtNum(Math.round(ac.fc * 0.02))], ["Fuel on board", `${fmtNum(int(r, 2000, 9000))} kg`], ...ac.esns.map((e, i) => [`Engine ${i + 1}`, `${ac.engine} ESN ${e}`])] } },
        { heading: "Signatures", lines: [`For ${ac.orgName}: ____________________`, `For ${ac.lessee}: ____________________`] },
      ],
    }),
  );
  if (chance(r, 0.5)) {
    add("/10 Delivery Documents/Delivery Checklist.txt", "txt", (r) =>
      textBytes([
        `Delivery checklist - ${ac.name} (${ac.registration})`,
        `Lessor: ${ac.orgName}    Lessee: ${ac.lessee}`,
        "",
        "[x] Certificate of Airworthiness and ARC on board",
        "[x] Certificate of Registration on board",
        "[x] Noise certificate and radio licence on board",
        "[x] Weight and balance report current",
        "[x] AD and SB status reviewed",
        "[x] LLP back-to-birth traceability reviewed",
        `[${chance(r, 0.7) ? "x" : " "}] Loose equipment inventory signed`,
        `[${chance(r, 0.7) ? "x" : " "}] Technical logbook transferred`,
        "",
        `Reviewed by ${pick(r, ["Marta Kowalska", "James Whitfield", "Kenji Watanabe", "Sarah Mitchell"])} on ${ac.delivered}.`,
      ]),
    );
  }

  add("/11 Damage Charts/Damage Chart Fuselage LH.png", "png", (r) => damageChartPng({ title: heli ? "Damage Chart Cabin LH" : "Damage Chart Fuselage LH", subtitle: `${ac.name} ${ac.registration}`, view: "fuselage", marks: damageMarks(ac, "fus") }));
  if (!heli && chance(r, 0.6)) {
    add("/11 Damage Charts/Damage Chart Wing RH.png", "png", (r) => damageChartPng({ title: "Damage Chart Wing RH", subtitle: `${ac.name} ${ac.registration}`, view: "wing", marks: damageMarks(ac, "wing") }));
  }
  add("/11 Damage Charts/Dent and Buckle Report.pdf", "pdf", (r) =>
    pdf({
      title: "Dent and Buckle Report",
      subtitle: acLine(ac),
      sections: [
        {
          table: {
            columns: ["Ref", "Location", "Type", "Dimensions", "Within SRM limits", "Action"],
            rows: damageMarks(ac, "fus").map((m) => [m.ref, `FR${Math.round(m.x * 100)} STGR ${Math.round(m.y * 30)}`, m.kind, m.kind === "repair" ? "Doubler 120 x 80 mm" : `${int(r, 10, 60)} x ${int(r, 5, 30)} x ${(r() * 1.5).toFixed(1)} mm`, m.kind === "repair" ? "Yes (repair approved)" : pick(r, ["Yes", "Yes", "No"]), m.kind === "repair" ? "Repetitive inspection 6000 FC" : "Monitor"]),
          },
        },
      ],
    }),
  );
  if (chance(r, 0.6)) {
    const m = damageMarks(ac, "fus")[0];
    add(`/11 Damage Charts/Inspection Photo ${m.ref}.png`, "png", (r) => inspectionPhotoPng({ caption: `${ac.registration} ${m.ref} ${m.kind} FR${Math.round(m.x * 100)} LH`, seed: seedOf(`${ac.msn}|photo`) }));
  }

  add("/12 Weight and Balance/Weight and Balance Report.pdf", "pdf", (r) => {
    const bew = Math.round(ac.mtowKg * (0.5 + r() * 0.08));
    return pdf({
      title: "Weight and Balance Report",
      subtitle: acLine(ac),
      sections: [
        { lines: [`Weighed at ${pick(r, ["Shannon", "Hamburg", "Brisbane", "Helsinki", "Prestwick"])} on ${dateDaysAgo(int(r, 200, 1400))}`, "Configuration: as delivered, including fixed equipment and unusable fuel"] },
        { table: { columns: ["Item", "Mass kg", heli ? "Arm mm" : "CG %MAC"], rows: [["Basic empty weight", fmtNum(bew), heli ? String(int(r, 4300, 4700)) : (20 + r() * 10).toFixed(1)], ["Maximum take-off weight", fmtNum(ac.mtowKg), "-"], ["Maximum landing weight", fmtNum(Math.round(ac.mtowKg * 0.9)), "-"], ["Maximum zero fuel weight", fmtNum(Math.round(ac.mtowKg * 0.82)), "-"]] } },
      ],
    });
  });
  if (chance(r, 0.4)) {
    add("/12 Weight and Balance/Weighing Data.csv", "csv", (r) => {
      const wr = prng(seedOf(`${ac.msn}|weigh`));
      const points = heli ? ["Front left", "Front right", "Rear"] : ["Nose gear", "Left main gear", "Right main gear"];
      return csvBytes(["Weighing point", "Reading 1 kg", "Reading 2 kg", "Reading 3 kg", "Tare kg"], points.map((p) => {
        const base = Math.round((ac.mtowKg * 0.55) / (p.startsWith("Nose") || p === "Rear" ? 8 : 2.3));
        return [p, base + int(wr, -20, 20), base + int(wr, -20, 20), base + int(wr, -20, 20), int(wr, 5, 40)];
      }));
    });
  }

  const tlb = (year: number, quarter: number) => {
    const from = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, "0")}-01`;
    add(`/Technical Logbook/${year}/TLB Pages ${year} Q${quarter}.pdf`, "pdf", (r) =>
      pdf({
        title: `Technical Logbook ${year} Q${quarter}`,
        subtitle: acLine(ac),
        sections: [{ table: { columns: ["Date", "Flight", "Sector", "Block h", "Defect", "Action"], rows: logbookEntries(ac, from, 24).map((e) => [e.date, e.flight, e.sector, e.blockHours.toFixed(1), e.defect, e.action]) } }],
      }),
    );
  };
  if (chance(r, 0.2)) tlb(2025, 3);
  if (chance(r, 0.6)) tlb(2025, 4);
  if (chance(r, 0.2)) tlb(2026, 2);
  tlb(2026, 3);

  add("/Records Index.txt", "txt", (r) => recordsIndex(ac, files));
  return { folders, files };
}

function adSheet(ac: Ctx, ads: AdRow[]) {
  return {
    name: "AD Status",
    preamble: [`AD status ${ac.name}`, acLine(ac)],
    columns: ["AD Number", "ATA", "Subject", "Effective Date", "Compliance", "Method", "Next Due"],
    rows: ads.map((a) => [a.number, a.ata, a.subject, a.effective, a.compliance, a.method, a.nextDue]),
  };
}

function damageMarks(ac: FleetSpec, view: string): DamageMark[] {
  const r = prng(seedOf(`${ac.msn}|dmg|${view}`));
  return Array.from({ length: int(r, 2, 6) }, (_, i) => {
    const kind = pick(r, ["dent", "dent", "scratch", "repair"] as const);
    return { ref: `${kind === "repair" ? "R" : kind === "dent" ? "D" : "S"}${i + 1}`, x: 0.05 + r() * 0.9, y: 0.1 + r() * 0.8, kind };
  });
}

function recordsIndex(ac: Ctx, files: FilePlan[]): Uint8Array {
  return textBytes([
    `Records index - ${ac.name}`,
    `${ac.manufacturer} ${ac.model}, registration ${ac.registration}, owner ${ac.orgName}, operator ${ac.lessee}`,
    "",
    "Folder structure follows the lessor's standard return conditions (sections 01 to 12).",
    "Scanned originals are kept by the records centre; the files below are the certified copies.",
    "",
    ...files.map((f) => `  ${f.path}`).sort(),
    "",
    "Questions: technical.records@" + ac.org + ".demo.aero",
  ]);
}

// ---------------------------------------------------------------------------------------------
// Ops and oil tabs
// ---------------------------------------------------------------------------------------------

interface ColSpec { name: string; type: "text" | "number" | "date" | "select"; editable?: boolean }
interface TabSpec { key: string; name: string; group: string; columns: ColSpec[]; rows: Record<string, Cell>[]; watched?: number[]; limits?: Record<string, number> }

const c = (name: string, type: ColSpec["type"] = "text", editable = true): ColSpec => ({ name, type, editable });

function generalInfo(ac: Ctx): TabSpec {
  return {
    key: "generalInformation",
    name: "General Information",
    group: "",
    columns: [c("Field", "text", false), c("Value")],
    rows: [
      ["Registration", ac.registration],
      ["MSN", ac.msn],
      ["Type", `${ac.manufacturer} ${ac.model}`],
      ["Engines", ac.engine ? `${ac.esns.length} x ${ac.engine} (ESN ${ac.esns.join(", ")})` : "Electric propulsion"],
      ["APU", ac.apu ? `${ac.apu.type} SN ${ac.apu.sn}` : "None"],
      ["MTOW", `${fmtNum(ac.mtowKg)} kg`],
      ["Owner", ac.orgName],
      ["Lessee", ac.lessee],
      ["Date of manufacture", dayMonthYear(ac.built)],
      ["Delivery date", dayMonthYear(ac.delivered)],
      ["Total flight hours", fmtNum(ac.fh)],
      ["Total cycles", fmtNum(ac.fc)],
      ["Status", AIRCRAFT_STATUS_LABEL[ac.status]],
    ].map(([Field, Value]) => ({ Field, Value })),
  };
}

const NOTIFICATION_TEXT = [
  "Bird strike on approach - inspection carried out",
  "Hard landing report - level 1 inspection",
  "Lightning strike - zonal inspection",
  "Cabin PA speaker row 12 deferred",
  "Cabin pressure fluctuation reported by crew",
  "Tyre pressure low on main wheel 3",
  "Fuel imbalance indication during cruise",
  "Weather radar inoperative - MEL item applied",
  "APU start failure on ground",
  "Oil quantity low indication engine 2",
  "Smoke smell in cabin - investigation",
  "Windshield delamination left side",
  "Flap asymmetry caution on approach",
  "Brake temperature high after landing",
] as const;

function opsTabs(ac: Ctx): TabSpec[] {
  const r = prng(seedOf(`${ac.msn}|ops`));
  const heli = ac.kind === "helicopter";
  const notifications: TabSpec = {
    key: "opsNotifications",
    name: "Ops Notifications",
    group: "",
    columns: [c("Date", "date"), c("Reference"), c("Description"), c("Status", "select")],
    rows: Array.from({ length: int(r, 10, 18) }, (_, i) => ({
      Date: dateDaysAgo(int(r, 1, 400)),
      Reference: `ON-${ac.registration.replace("-", "")}-${String(i + 1).padStart(3, "0")}`,
      Description: pick(r, NOTIFICATION_TEXT),
      Status: pick(r, ["Open", "In progress", "Closed", "Closed"]),
    })).sort((a, b) => String(b.Date).localeCompare(String(a.Date))),
  };
  const ads = adList(ac);
  const sbs = sbList(ac);
  const llps = ac.esns.flatMap((e) => llpList(ac, e));
  const dynamic: TabSpec[] = [
    {
      key: "",
      name: "AD Status",
      group: "Airworthiness",
      columns: [c("AD Number"), c("ATA"), c("Subject"), c("Effective Date", "date"), c("Compliance", "select"), c("Next Due", "date"), c("Remarks")],
      rows: ads.map((a) => ({ "AD Number": a.number, ATA: a.ata, Subject: a.subject, "Effective Date": a.effective, Compliance: a.compliance, "Next Due": a.nextDue, Remarks: a.method })),
    },
    {
      key: "",
      name: "SB Status",
      group: "Airworthiness",
      columns: [c("SB Number"), c("Title"), c("Revision", "number"), c("Category", "select"), c("Status", "select"), c("Date", "date")],
      rows: sbs.map((s) => ({ "SB Number": s.number, Title: s.title, Revision: s.revision, Category: s.category, Status: s.status, Date: s.date })),
    },
    {
      key: "",
      name: "Checks",
      group: "Maintenance",
      columns: [c("Check", "select"), c("Interval"), c("Last Done", "date"), c("Last Done FH", "number"), c("Next Due", "date"), c("Remaining FH", "number")],
      rows: [...checkList(ac), ...checkList({ ...ac, msn: `${ac.msn}-prev` }).map((x) => ({ ...x, lastDone: addDays(x.lastDone, -400), nextDue: addDays(x.nextDue, -400) }))].map((x) => ({
        Check: x.check,
        Interval: x.interval,
        "Last Done": x.lastDone,
        "Last Done FH": x.lastFh,
        "Next Due": x.nextDue,
        "Remaining FH": x.remainingFh,
      })),
    },
  ];
  if (llps.length) {
    dynamic.push({
      key: "",
      name: heli ? "Engine LLP" : "LLP",
      group: "Maintenance",
      columns: [c("Part Name"), c("Part No"), c("Serial No"), c("ESN"), c("Life Limit", "number"), c("CSN", "number"), c("Remaining", "number")],
      rows: llps.map((l) => ({ "Part Name": l.part, "Part No": l.partNo, "Serial No": l.serialNo, ESN: l.esn, "Life Limit": l.limit, CSN: l.csn, Remaining: l.remaining })),
    });
  }
  dynamic.push({
    key: "",
    name: "Hard Time Components",
    group: "Components",
    columns: [c("Description"), c("ATA"), c("Part No"), c("Serial No"), c("Installed", "date"), c("Limit Months", "number"), c("Due", "date")],
    rows: [...hardTimeList(ac), ...hardTimeList({ ...ac, msn: `${ac.msn}-spares` }).slice(0, 6)].map((h) => ({ Description: h.description, ATA: h.ata, "Part No": h.partNo, "Serial No": h.serialNo, Installed: h.installed, "Limit Months": h.months, Due: h.due })),
  });
  const gear = gearList(ac);
  dynamic.push({
    key: "",
    name: heli ? "Dynamic Components" : "Landing Gear",
    group: "Components",
    columns: [c("Position"), c("Part No"), c("Serial No"), c("TSO", "number"), c("CSO", "number"), c("Limit")],
    rows: [...gear, ...gearList({ ...ac, msn: `${ac.msn}-spare` }).slice(0, heli ? 5 : 3).map((g) => ({ ...g, position: `${g.position} (spare)` }))].map((g) => ({ Position: g.position, "Part No": g.partNo, "Serial No": g.serialNo, TSO: g.tso, CSO: g.cso, Limit: g.limit })),
  });
  dynamic.forEach((t, i) => (t.key = `tab-${i + 1}`));
  return [generalInfo(ac), notifications, ...dynamic];
}

function oilTabs(ac: Ctx): TabSpec[] {
  const r = prng(seedOf(`${ac.msn}|oil`));
  const units: { position: string; serial: string; label: string }[] = [
    ...ac.esns.map((e, i) => ({ position: `Engine ${i + 1}`, serial: e, label: `Engine ${i + 1} Oil Analysis` })),
    ...(ac.apu ? [{ position: "APU", serial: ac.apu.sn, label: "APU Oil Analysis" }] : []),
    ...(ac.kind === "helicopter" ? [{ position: "Main Gearbox", serial: gearList(ac).find((g) => g.position === "Main Gearbox")?.serialNo ?? "MG0001", label: "MGB Oil Analysis" }] : []),
  ];
  const analyses = units.map((u) => {
    const ur = prng(seedOf(`${ac.msn}|oil|${u.serial}`));
    const n = int(ur, 18, 30);
    const drift = ur() * 0.25;
    const rows: Record<string, Cell>[] = [];
    let hsoc = int(ur, 10, 60);
    for (let i = 0; i < n; i++) {
      hsoc += int(ur, 20, 60);
      if (hsoc > 500) hsoc = int(ur, 10, 40);
      const fe = Math.round((1.2 + ur() * 2 + i * drift) * 10) / 10;
      const cu = Math.round((0.3 + ur() * 0.8) * 10) / 10;
      const ag = Math.round(ur() * 0.4 * 10) / 10;
      rows.push({
        "Sample Date": dateDaysAgo((n - i) * int(ur, 10, 16)),
        "Serial No": u.serial,
        "Hours Since Oil Change": hsoc,
        "Fe ppm": fe,
        "Cu ppm": cu,
        "Ag ppm": ag,
        Result: fe > 7 ? "Alert" : fe > 5 ? "Monitor" : "Normal",
      });
    }
    return { unit: u, rows };
  });
  const status: TabSpec = {
    key: "statusDashboard",
    name: "Status Dashboard",
    group: "",
    columns: [c("Position"), c("Serial No"), c("Last Sample Date", "date"), c("Status", "select")],
    rows: analyses.map(({ unit, rows }) => {
      const last = rows[rows.length - 1];
      return { Position: unit.position, "Serial No": unit.serial, "Last Sample Date": last?.["Sample Date"] ?? null, Status: last?.Result ?? "Normal" };
    }),
  };
  status.watched = status.rows.map((row, i) => (row.Status !== "Normal" ? i : -1)).filter((i) => i >= 0);
  // The ABC listing shares Part No / Serial No values with the ops tabs (that is how oil rows link to ops rows).
  const abcRows: Record<string, Cell>[] = [];
  for (const e of ac.esns) for (const l of llpList(ac, e).slice(0, 6)) abcRows.push({ "Part No": l.partNo, "Serial No": l.serialNo, Description: `${l.part} (ESN ${e})`, "ABC Class": "A" });
  for (const g of gearList(ac)) abcRows.push({ "Part No": g.partNo, "Serial No": g.serialNo, Description: g.position, "ABC Class": "B" });
  for (const h of hardTimeList(ac)) abcRows.push({ "Part No": h.partNo, "Serial No": h.serialNo, Description: h.description, "ABC Class": chance(r, 0.5) ? "B" : "C" });
  const abc: TabSpec = { key: "abclisting", name: "ABC Listing", group: "", columns: [c("Part No"), c("Serial No"), c("Description"), c("ABC Class", "select")], rows: abcRows };
  const dynamic: TabSpec[] = analyses.map(({ unit, rows }, i) => ({
    key: `tab-${i + 1}`,
    name: unit.label,
    group: unit.position.startsWith("Engine") ? "Engine Oil" : unit.position === "APU" ? "APU Oil" : "Transmission Oil",
    columns: [c("Sample Date", "date"), c("Serial No"), c("Hours Since Oil Change", "number"), c("Fe ppm", "number"), c("Cu ppm", "number"), c("Ag ppm", "number"), c("Result", "select")],
    rows,
    watched: rows.map((row, k) => (row.Result !== "Normal" ? k : -1)).filter((k) => k >= 0),
    // Alert limits (ADR 048): iron at the Alert threshold of the Result column, copper above the usual range.
    limits: { "Fe ppm": 7, "Cu ppm": 1.5 },
  }));
  return [status, generalInfo(ac), abc, ...dynamic];
}

const TEMPLATE_MANUFACTURERS = ["Airbus", "Boeing", "ATR", "Embraer", "Airbus Helicopters", "Leonardo"] as const;

function templateTabs(manufacturer: string): TabSpec[] {
  const heli = manufacturer === "Airbus Helicopters" || manufacturer === "Leonardo";
  const sample: FleetSpec = DEMO_FLEET.find((f) => f.manufacturer === manufacturer) ?? DEMO_FLEET[0];
  return [
    {
      key: "tab-1",
      name: "AD Status",
      group: "Airworthiness",
      columns: [c("AD Number"), c("ATA"), c("Subject"), c("Effective Date", "date"), c("Compliance", "select"), c("Next Due", "date"), c("Remarks")],
      rows: (heli ? HELI_AD_SUBJECTS : AD_SUBJECTS).slice(0, 5).map(([ata, subject]) => ({ "AD Number": "", ATA: ata, Subject: subject, "Effective Date": null, Compliance: "Open", "Next Due": null, Remarks: "" })),
    },
    {
      key: "tab-2",
      name: "SB Status",
      group: "Airworthiness",
      columns: [c("SB Number"), c("Title"), c("Revision", "number"), c("Category", "select"), c("Status", "select"), c("Date", "date")],
      rows: SB_TITLES.slice(0, 4).map((t, i) => ({ "SB Number": `${sample.sbPrefix}-00-${1001 + i}`, Title: t, Revision: 0, Category: "Recommended", Status: "Not Embodied", Date: null })),
    },
    {
      key: "tab-3",
      name: "Checks",
      group: "Maintenance",
      columns: [c("Check", "select"), c("Interval"), c("Last Done", "date"), c("Last Done FH", "number"), c("Next Due", "date"), c("Remaining FH", "number")],
      rows: checkList(sample).map((x) => ({ Check: x.check, Interval: x.interval, "Last Done": null, "Last Done FH": null, "Next Due": null, "Remaining FH": null })),
    },
    {
      key: "tab-4",
      name: "Hard Time Components",
      group: "Components",
      columns: [c("Description"), c("ATA"), c("Part No"), c("Serial No"), c("Installed", "date"), c("Limit Months", "number"), c("Due", "date")],
      rows: (heli ? HELI_HARD_TIME : HARD_TIME).slice(0, 6).map(([description, ata, partNo, months]) => ({ Description: description, ATA: ata, "Part No": partNo, "Serial No": "", Installed: null, "Limit Months": months, Due: null })),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

interface UserSpec {
  email: string;
  role: Role;
  org: string | null;
  first: string;
  last: string;
  bio: string;
  phone?: string;
  is_uam?: number;
  active?: number;
  /** Access per aircraft: "all" of the organization or the MSNs listed; products default to the organization's. */
  access?: { level: AccessLevel; msns: "all" | string[]; products?: Product[] }[];
}

const ORG_USERS: UserSpec[] = [
  { email: "emma.clarke@skyline.demo.aero", role: "client", org: "skyline", first: "Emma", last: "Clarke", bio: "Head of Technical Asset Management, Skyline Leasing", phone: "+35316044120", access: [{ level: "su_write", msns: "all" }] },
  { email: "liam.obrien@skyline.demo.aero", role: "client", org: "skyline", first: "Liam", last: "O'Brien", bio: "Technical Records Manager, Skyline Leasing", access: [{ level: "write", msns: ["41230", "1622", "62541"], products: ["storage"] }, { level: "read", msns: ["41230", "1622", "62541"], products: ["ops", "oil"] }] },
  { email: "sofia.marin@skyline.demo.aero", role: "client", org: "skyline", first: "Sofía", last: "Marín", bio: "Transition Engineer, Skyline Leasing", access: [{ level: "read", msns: ["1456", "1622"], products: ["storage"] }] },
  { email: "mikko.virtanen@nordic.demo.aero", role: "client", org: "nordic", first: "Mikko", last: "Virtanen", bio: "Continuing Airworthiness Manager, Nordic Regional Airways", phone: "+358401234567", access: [{ level: "su_write", msns: "all" }] },
  { email: "aino.laine@nordic.demo.aero", role: "client", org: "nordic", first: "Aino", last: "Laine", bio: "Planning Engineer, Nordic Regional Airways", access: [{ level: "write", msns: "all" }] },
  { email: "jonas.berg@nordic.demo.aero", role: "client", org: "nordic", first: "Jonas", last: "Berg", bio: "Records Clerk, Nordic Regional Airways", access: [{ level: "read", msns: ["1320", "19000450"] }] },
  { email: "erik.lund@nordic.demo.aero", role: "client", org: "nordic", first: "Erik", last: "Lund", bio: "Former Fleet Technical Pilot, Nordic Regional Airways", active: 0, access: [{ level: "read", msns: ["1320"] }] },
  { email: "hannah.weber@vertiport.demo.aero", role: "client", org: "vertiport", first: "Hannah", last: "Weber", bio: "Director of Vertiport Operations, Vertiport Mobility", is_uam: 1, access: [{ level: "su_write", msns: "all" }] },
  { email: "oliver.grant@vertiport.demo.aero", role: "client", org: "vertiport", first: "Oliver", last: "Grant", bio: "Maintenance Controller, Vertiport Mobility", access: [{ level: "write", msns: ["20411", "VC0012"] }] },
  { email: "david.chen@meridian.demo.aero", role: "client", org: "meridian", first: "David", last: "Chen", bio: "VP Technical, Meridian Aviation Capital", phone: "+6565550142", access: [{ level: "su_write", msns: "all" }] },
  { email: "grace.okafor@meridian.demo.aero", role: "client", org: "meridian", first: "Grace", last: "Okafor", bio: "Asset Manager, Meridian Aviation Capital", access: [{ level: "write", msns: ["38821", "66412"] }] },
  { email: "noah.silva@meridian.demo.aero", role: "client", org: "meridian", first: "Noah", last: "Silva", bio: "Lease Analyst, Meridian Aviation Capital", access: [{ level: "read", msns: ["1180", "9087"] }] },
];

interface ConsultantSpec {
  email: string;
  name: string;
  city: string;
  country: string;
  phone: string;
  summary: string;
  aircraft: string;
  helicopter: string;
  powerPlant: string;
  services: string[];
  approval: "verified" | "disapproved" | "undecided";
  available: number | null;
  onsite: number;
  offsite: number;
  comment: string;
  message: string;
  resume: boolean;
  photo: boolean;
}

const CONSULTANTS: ConsultantSpec[] = [
  { email: "consultant@demo.aero", name: "Marta Kowalska", city: "Warsaw", country: "Poland", phone: "+48601234567", summary: "Technical records specialist with 14 years on narrow-body lease transitions. Former CAMO records lead; has run more than 40 redeliveries of A320 family and 737NG aircraft across Europe and Asia.", aircraft: "A320 Family, A321neo, B737NG", helicopter: "", powerPlant: "CFM56-5B, CFM56-7B, LEAP-1A", services: ["Record Review", "Physical Inspection", "Redelivery", "Annual Audit"], approval: "verified", available: 1, onsite: 950, offsite: 620, comment: "Reliable on A320 transitions; preferred for Skyline returns.", message: "I am available for redelivery work from December; happy to travel within Europe.", resume: true, photo: true },
  { email: "james.whitfield@consultants.demo.aero", name: "James Whitfield", city: "Shannon", country: "Ireland", phone: "+353874129930", summary: "Licensed B1 engineer and lease return manager. Specialises in wide-body transitions and engine shop visit oversight.", aircraft: "A330, B777, B787", helicopter: "", powerPlant: "Trent 700, GEnx-1B, CF6-80E1", services: ["Asset Management", "Redelivery", "Pre-Purchase", "Project Management"], approval: "verified", available: 1, onsite: 1200, offsite: 780, comment: "Strong on wide-body; good report writing.", message: "", resume: true, photo: true },
  { email: "aisha.rahman@consultants.demo.aero", name: "Aisha Rahman", city: "Dubai", country: "United Arab Emirates", phone: "+971503184472", summary: "Airworthiness review and CAMO consultant for Middle East operators, with ARC signatory experience on A320 and A330.", aircraft: "A320 Family, A330", helicopter: "", powerPlant: "V2500-A5, Trent 700", services: ["CAMO", "Annual Audit", "Record Review"], approval: "verified", available: 0, onsite: 1050, offsite: 700, comment: "Booked until Q2 next year.", message: "Currently on a long-term CAMO contract.", resume: true, photo: true },
  { email: "carlos.mendoza@consultants.demo.aero", name: "Carlos Mendoza", city: "Bogotá", country: "Colombia", phone: "+573105550192", summary: "Records scanning and digitisation lead. Has built scanning teams for lessors in Latin America.", aircraft: "A320 Family, E190", helicopter: "", powerPlant: "", services: ["Records Scanning", "Record Recovery"], approval: "undecided", available: null, onsite: 600, offsite: 380, comment: "", message: "Could you confirm whether my scanning references were received?", resume: false, photo: false },
  { email: "kenji.watanabe@consultants.demo.aero", name: "Kenji Watanabe", city: "Tokyo", country: "Japan", phone: "+819044112093", summary: "Powerplant engineer; LLP back-to-birth audits and engine records reconstruction for CFM and IAE engines.", aircraft: "B737NG, B787", helicopter: "", powerPlant: "CFM56-7B, LEAP-1B, GEnx-1B", services: ["Record Review", "Record Recovery", "Physical Inspection"], approval: "verified", available: 1, onsite: 1100, offsite: 720, comment: "Go-to for LLP traceability.", message: "", resume: true, photo: true },
  { email: "olusegun.adeyemi@consultants.demo.aero", name: "Olusegun Adeyemi", city: "Lagos", country: "Nigeria", phone: "+2348035557781", summary: "Maintenance planner and MRO liaison for regional fleets in West Africa.", aircraft: "ATR 72, E190, B737 Classic", helicopter: "", powerPlant: "PW127, CF34-10E", services: ["MRO", "Storage Monitoring", "Physical Inspection"], approval: "undecided", available: 1, onsite: 700, offsite: 450, comment: "", message: "I have uploaded my latest CV.", resume: true, photo: true },
  { email: "sarah.mitchell@consultants.demo.aero", name: "Sarah Mitchell", city: "Seattle", country: "United States", phone: "+12065550147", summary: "Former OEM delivery engineer. New aircraft delivery inspections and pre-purchase reviews for 737 MAX and 787.", aircraft: "B737 MAX, B787, B777", helicopter: "", powerPlant: "LEAP-1B, GEnx-1B", services: ["New Aircraft Delivery", "Pre-Purchase", "Physical Inspection"], approval: "verified", available: null, onsite: 1400, offsite: 900, comment: "US based; travel costs apply.", message: "", resume: true, photo: true },
  { email: "lucas.ferreira@consultants.demo.aero", name: "Lucas Ferreira", city: "São Paulo", country: "Brazil", phone: "+5511987654321", summary: "Embraer E-Jet records reviewer and ferry flight coordinator.", aircraft: "E190, E195", helicopter: "", powerPlant: "CF34-10E", services: ["Record Review", "Ferry Flight"], approval: "disapproved", available: 0, onsite: 650, offsite: 420, comment: "References could not be verified.", message: "", resume: true, photo: true },
  { email: "meilin.tan@consultants.demo.aero", name: "Mei Lin Tan", city: "Singapore", country: "Singapore", phone: "+6591234567", summary: "Rotorcraft and fixed-wing records auditor for Asia-Pacific lessors; H145 and AW139 specialist.", aircraft: "A320 Family", helicopter: "H145, AW139", powerPlant: "Arriel 2E, PT6C-67C", services: ["Annual Audit", "Record Review", "Storage Monitoring"], approval: "verified", available: 1, onsite: 980, offsite: 640, comment: "", message: "", resume: true, photo: true },
  { email: "thomas.brennan@consultants.demo.aero", name: "Thomas Brennan", city: "Brisbane", country: "Australia", phone: "+61412555219", summary: "Helicopter maintenance engineer (CASA B1 licence) for EMS and offshore operators; dynamic components tracking.", aircraft: "", helicopter: "H145, AW139, S-92", powerPlant: "Arriel 2E, PT6C-67C, CT7-8A", services: ["Physical Inspection", "CAMO", "MRO"], approval: "verified", available: 1, onsite: 1000, offsite: 650, comment: "Helicopter work only.", message: "", resume: true, photo: true },
  { email: "ingrid.solberg@consultants.demo.aero", name: "Ingrid Solberg", city: "Stavanger", country: "Norway", phone: "+4791234567", summary: "Offshore helicopter fleet technical manager; S-92 and AW139 transitions between North Sea operators.", aircraft: "", helicopter: "S-92, AW139", powerPlant: "CT7-8A, PT6C-67C", services: ["Asset Management", "Redelivery", "Project Management"], approval: "verified", available: 0, onsite: 1300, offsite: 850, comment: "", message: "Unavailable until the end of the winter season.", resume: true, photo: true },
  { email: "rajesh.iyer@consultants.demo.aero", name: "Rajesh Iyer", city: "Bengaluru", country: "India", phone: "+919845012345", summary: "Records digitisation and AD/SB compliance reviews for A320neo and ATR fleets.", aircraft: "A320neo, ATR 72", helicopter: "", powerPlant: "PW1100G, LEAP-1A, PW127", services: ["Record Review", "Records Scanning", "Annual Audit"], approval: "undecided", available: null, onsite: 550, offsite: 350, comment: "", message: "", resume: true, photo: false },
  { email: "fatima.elamrani@consultants.demo.aero", name: "Fatima Zahra El Amrani", city: "Casablanca", country: "Morocco", phone: "+212661234567", summary: "Aircraft storage and preservation programmes; parking and reactivation checks.", aircraft: "B737NG, A330", helicopter: "", powerPlant: "CFM56-7B", services: ["Storage Monitoring", "Physical Inspection"], approval: "disapproved", available: null, onsite: 600, offsite: 400, comment: "Insufficient documentation of licences.", message: "", resume: false, photo: true },
];

const CLIENT_NAMES = ["Skyline Leasing", "Meridian Aviation Capital", "Aer Celtic", "Southern Cross Air", "Atlantic Star Airways", "Nordic Regional Airways", "Coral Sun Airlines", "Pacific Horizon", "CareFlight Aeromedical", "Albion Atlantic"];

function projectsFor(s: ConsultantSpec) {
  const r = prng(seedOf(`${s.email}|projects`));
  const types = [s.aircraft, s.helicopter].join(", ").split(",").map((t) => t.trim()).filter(Boolean);
  const n = int(r, 3, 8);
  const out = [];
  let start = "2020-01-01";
  for (let i = 0; i < n; i++) {
    start = addDays(start, int(r, 90, 280));
    const service = pick(r, s.services);
    const type = pick(r, types.length ? types : ["A320 Family"]);
    const msn = String(int(r, 1000, 9999));
    const ongoing = i === n - 1 && chance(r, 0.5);
    const client = pick(r, CLIENT_NAMES);
    out.push({
      title: `${service} - ${type} MSN ${msn}`,
      client_name: client,
      aircraft: `${type} MSN ${msn}`,
      service,
      start_date: start,
      end_date: ongoing ? null : addDays(start, int(r, 10, 90)),
      description: `${service} for ${client}: ${pick(r, ["records review against the lease return conditions", "physical inspection and findings report", "back-to-birth LLP trace and gap analysis", "coordination of the shop visit and acceptance", "scanning and indexing of the full records set", "ARC review and CAMO handover"])} on ${type} MSN ${msn}.`,
    });
  }
  return out;
}

function resumePdf(s: ConsultantSpec, projects: ReturnType<typeof projectsFor>): Promise<Uint8Array> {
  return pdf({
    title: s.name,
    subtitle: `Aviation technical consultant  |  ${s.city}, ${s.country}  |  ${s.phone}`,
    sections: [
      { heading: "Profile", lines: [s.summary] },
      { heading: "Experience", table: { columns: ["From", "To", "Client", "Project"], rows: [...projects].reverse().map((p) => [p.start_date, p.end_date ?? "present", p.client_name, p.title]) } },
      {
        heading: "Types",
        lines: [
          s.aircraft ? `Aircraft: ${s.aircraft}` : "",
          s.helicopter ? `Helicopters: ${s.helicopter}` : "",
          s.powerPlant ? `Power plants: ${s.powerPlant}` : "",
        ].filter(Boolean),
      },
      { heading: "Services", lines: [s.services.join(", ")] },
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

const SEEDED_KEY = "seeded";

async function isSeeded(db: DB): Promise<boolean> {
  const row = await db.selectFrom("kv").select("key").where("key", "=", SEEDED_KEY).executeTakeFirst();
  return !!row;
}

/** Runs fn over items with at most n in flight. */
async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        await fn(item);
      }
    }),
  );
}

/**
 * Seeds the demo data once: does nothing when the kv key "seeded" exists (set in the same transaction
 * as the data). Blobs written before a failed transaction are deleted again.
 */
export async function seedDemo(deps: Deps, opts: { small?: boolean } = {}): Promise<void> {
  const small = opts.small === true;
  if (await isSeeded(deps.db)) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const written: string[] = [];
  const put = async (key: string, bytes: Uint8Array, contentType: string) => {
    written.push(key);
    const obj = await deps.blob.put(key, bytes, contentType);
    return obj.size;
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      // A concurrent caller may have seeded while we hashed; the transaction serializes us behind it.
      if (await isSeeded(trx)) return;
      await seedAll(trx, deps, { small, passwordHash, put });
      await trx.insertInto("kv").values({ key: SEEDED_KEY, value: JSON.stringify({ variant: small ? "small" : "full", at: new Date().toISOString() }) }).execute();
    });
  } catch (err) {
    await Promise.allSettled(written.map((k) => deps.blob.delete(k)));
    throw err;
  }
  // The seeded files' text is extracted by the background jobs, after start (ADR 039).
  await queueMissingExtraction(deps, deps.jobs);
}

interface SeedCtx {
  small: boolean;
  passwordHash: string;
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<number>;
}

async function seedAll(db: DB, deps: Deps, sc: SeedCtx) {
  // Organizations and manufacturers
  const orgRows = await db
    .insertInto("organizations")
    .values(DEMO_ORGANIZATIONS.map((o) => ({ ...o })))
    .returning(["id", "slug", "name"])
    .execute();
  const orgBySlug = new Map(orgRows.map((o) => [o.slug, o]));
  const orgId = (slug: string) => orgBySlug.get(slug)!.id;

  const manufacturerRows = await db
    .insertInto("manufacturers")
    .values(TEMPLATE_MANUFACTURERS.map((name) => ({ name })))
    .returning(["id", "name"])
    .execute();

  // Aircraft
  const acRows = await db
    .insertInto("aircraft")
    .values(
      DEMO_FLEET.map((f) => ({
        organization_id: orgId(f.org),
        msn: f.msn,
        name: aircraftName(f),
        registration: f.registration,
        kind: f.kind,
        manufacturer: f.manufacturer,
        model: f.model,
        status: f.status,
        ops_issue_date: f.opsIssue ?? null,
        oil_issue_date: f.oilIssue ?? null,
        file_id: null,
      })),
    )
    .returning(["id", "msn", "organization_id"])
    .execute();
  const fleet: Ctx[] = DEMO_FLEET.map((f) => {
    const row = acRows.find((a) => a.msn === f.msn && a.organization_id === orgId(f.org))!;
    return { ...f, id: row.id, orgId: row.organization_id, orgName: orgBySlug.get(f.org)!.name, name: aircraftName(f) };
  });
  const bySlug = (slug: string) => fleet.filter((a) => a.org === slug);
  const byMsn = new Map(fleet.map((a) => [a.msn, a]));

  // Users
  const userSpecs: UserSpec[] = [
    ...DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, org: a.organization, first: a.first_name, last: a.last_name, bio: a.description.split(":")[0] })),
    ...ORG_USERS,
    ...CONSULTANTS.filter((s) => s.email !== "consultant@demo.aero").map((s) => {
      const [first, ...rest] = s.name.split(" ");
      return { email: s.email, role: "consultant" as const, org: null, first, last: rest.join(" "), bio: "Aviation technical consultant" };
    }),
    { email: "onboarding-basic@demo.aero", role: "consultant", org: null, first: "", last: "", bio: "" },
    { email: "onboarding-profile@demo.aero", role: "consultant", org: null, first: "Pierre", last: "Lambert", bio: "" },
    { email: "onboarding-phone@demo.aero", role: "consultant", org: null, first: "Ana", last: "Costa", bio: "" },
  ];
  const bios: Record<string, string> = {
    "admin@demo.aero": "Platform administrator",
    "member@demo.aero": "Customer success, records portal",
    "template@demo.aero": "AeroOPS template manager",
    "client@demo.aero": "Technical Asset Manager, Skyline Leasing",
    "reader@demo.aero": "Lease Analyst, Skyline Leasing",
    "consultant@demo.aero": "Technical records consultant",
  };
  // Licence or authorisation numbers (what a signature records, ADR 088): the demo users with Edit
  // Access or more to AeroOPS; the readers have none.
  const authorisation: Record<string, string> = {
    "admin@demo.aero": "EASA.145.0001-QA-01",
    "member@demo.aero": "EASA.145.0001-QA-02",
    "client@demo.aero": "EASA.145.1234-ENG-07",
    "emma.clarke@skyline.demo.aero": "EASA.145.1234-ENG-02",
    "mikko.virtanen@nordic.demo.aero": "FI.145.0042-B1-11",
    "aino.laine@nordic.demo.aero": "FI.145.0042-B1-19",
    "hannah.weber@vertiport.demo.aero": "DE.145.0317-B1-03",
    "oliver.grant@vertiport.demo.aero": "DE.145.0317-B2-08",
    "david.chen@meridian.demo.aero": "SG.145.0088-ENG-01",
    "grace.okafor@meridian.demo.aero": "SG.145.0088-ENG-05",
  };
  const confirmedAt = isoDaysAgo(200);
  const userRows = await db
    .insertInto("users")
    .values(
      userSpecs.map((u, i) => ({
        email: u.email.toLowerCase(),
        password_hash: sc.passwordHash,
        role: u.role,
        username: [u.first, u.last].filter(Boolean).join(" ") || u.email.split("@")[0],
        first_name: u.first,
        last_name: u.last,
        bio: bios[u.email] ?? u.bio,
        phone: u.phone ?? null,
        organization_id: u.org ? orgId(u.org) : null,
        is_uam: u.is_uam ?? 0,
        active: u.active ?? 1,
        confirmed_at: confirmedAt,
        totp_secret: null,
        totp_enabled: 0,
        authorisation_number: authorisation[u.email] ?? null,
        created_at: isoDaysAgo(400 - i * 7),
      })),
    )
    .returning(["id", "email"])
    .execute();
  const userId = new Map(userRows.map((u) => [u.email, u.id]));
  const uid = (email: string) => userId.get(email)!;
  const adminId = uid("admin@demo.aero");

  // Per-aircraft access
  const orgProducts = (slug: string): Product[] => {
    const o = DEMO_ORGANIZATIONS.find((x) => x.slug === slug)!;
    return ["storage", ...(o.has_ops ? (["ops"] as const) : []), ...(o.has_oil ? (["oil"] as const) : [])];
  };
  const accessRows: { user_id: number; aircraft_id: number; product: Product; access: AccessLevel; granted_by: number; created_at: string }[] = [];
  const grant = (email: string, aircraft: Ctx[], level: AccessLevel, products: Product[]) => {
    for (const a of aircraft) for (const p of products) accessRows.push({ user_id: uid(email), aircraft_id: a.id, product: p, access: level, granted_by: adminId, created_at: isoDaysAgo(180) });
  };
  grant("client@demo.aero", bySlug("skyline"), "write", ["storage", "ops", "oil"]);
  grant("reader@demo.aero", READER_MSNS.map((m) => byMsn.get(m)!), "read", ["storage", "ops", "oil"]);
  for (const u of ORG_USERS) {
    for (const a of u.access ?? []) {
      const aircraft = a.msns === "all" ? bySlug(u.org!) : a.msns.map((m) => byMsn.get(m)!);
      grant(u.email, aircraft, a.level, a.products ?? orgProducts(u.org!));
    }
  }
  for (const part of chunks(accessRows, 500)) await db.insertInto("aircraft_access").values(part).execute();

  // Records: folders (level by level, so parents exist), files (blobs first, then rows), search index.
  const plans = fleet.map((ac) => ({ ac, ...recordsPlan(ac, sc.small) }));
  const itemId = new Map<string, number>(); // `${aircraftId}|${path}` -> id
  const searchItems: { id: number; name: string; path: string; aircraft_id: number; organization_id: number }[] = [];
  const folderDate = (ac: Ctx) => `${ac.delivered}T08:00:00.000Z`;
  const roots = await db
    .insertInto("storage_items")
    .values(fleet.map((ac) => ({ aircraft_id: ac.id, parent_id: null, path: "/", name: ac.name, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: adminId, created_at: folderDate(ac), updated_at: folderDate(ac) })))
    .returning(["id", "aircraft_id"])
    .execute();
  for (const r of roots) itemId.set(`${r.aircraft_id}|/`, r.id);
  for (const r of roots) await db.updateTable("aircraft").set({ file_id: r.id }).where("id", "=", r.aircraft_id).execute();

  const parentOf = (p: string) => p.slice(0, p.lastIndexOf("/")) || "/";
  const nameOf = (p: string) => p.slice(p.lastIndexOf("/") + 1);
  const maxDepth = Math.max(...plans.flatMap((p) => p.folders.map((f) => f.split("/").length - 1)));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const rows = plans.flatMap(({ ac, folders }) =>
      folders
        .filter((f) => f.split("/").length - 1 === depth)
        .map((f) => ({ aircraft_id: ac.id, parent_id: itemId.get(`${ac.id}|${parentOf(f)}`)!, path: f, name: nameOf(f), is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: adminId, created_at: folderDate(ac), updated_at: folderDate(ac) })),
    );
    for (const part of chunks(rows, 500)) {
      const inserted = await db.insertInto("storage_items").values(part).returning(["id", "aircraft_id", "path", "name"]).execute();
      for (const r of inserted) itemId.set(`${r.aircraft_id}|${r.path}`, r.id);
    }
  }
  for (const { ac, folders } of plans) {
    for (const f of folders) searchItems.push({ id: itemId.get(`${ac.id}|${f}`)!, name: nameOf(f), path: f, aircraft_id: ac.id, organization_id: ac.orgId });
  }

  const jobs = plans.flatMap(({ ac, files }) => files.map((f) => ({ ac, f, size: 0, key: `aircraft/${ac.id}/seed${f.path}` })));
  await pool(jobs, 8, async (job) => {
    job.size = await sc.put(job.key, await job.f.make(prng(seedOf(`${job.ac.msn}|${job.f.path}`))), CONTENT_TYPES[job.f.kind]);
  });
  const fileRows = jobs.map((j) => {
    const when = isoDaysAgo(int(prng(seedOf(j.key)), 3, 900), 37);
    return { aircraft_id: j.ac.id, parent_id: itemId.get(`${j.ac.id}|${parentOf(j.f.path)}`)!, path: j.f.path, name: nameOf(j.f.path), is_folder: 0, size: j.size, blob_key: j.key, content_type: CONTENT_TYPES[j.f.kind], created_by: adminId, created_at: when, updated_at: when };
  });
  for (const part of chunks(fileRows, 500)) {
    const inserted = await db.insertInto("storage_items").values(part).returning(["id", "aircraft_id", "path", "name"]).execute();
    for (const r of inserted) {
      itemId.set(`${r.aircraft_id}|${r.path}`, r.id);
      searchItems.push({ id: r.id, name: r.name, path: r.path, aircraft_id: r.aircraft_id, organization_id: fleet.find((a) => a.id === r.aircraft_id)!.orgId });
    }
  }
  for (const part of chunks(searchItems, 1000)) await deps.search.index(part);

  // Favourites and follows of the demo client
  const sky0 = bySlug("skyline")[0];
  const favPaths = ["/01 Certificates/Certificate of Airworthiness.pdf", "/11 Damage Charts/Damage Chart Fuselage LH.png"];
  await db
    .insertInto("favourites")
    .values(favPaths.map((p) => ({ user_id: uid("client@demo.aero"), item_id: itemId.get(`${sky0.id}|${p}`)!, created_at: isoDaysAgo(20) })))
    .execute();
  await db
    .insertInto("follows")
    .values([sky0, bySlug("skyline")[2]].map((a) => ({ user_id: uid("client@demo.aero"), aircraft_id: a.id, created_at: isoDaysAgo(30) })))
    .execute();

  await seedConsultants(db, sc, uid);
  await seedNotificationsAndMessages(db, uid);
  await seedTabs(db, fleet, manufacturerRows, uid);
  await seedWorkOrdersAndLogbooks(db, fleet, uid);
  await seedDocumentLinks(db, uid("client@demo.aero"));
}

/**
 * Linked documents (issue 17 item 5): on every aircraft with an AD Status tab, its AD status report
 * is linked to the tab's first row, and its SB status report to the SB Status tab's first row, so
 * the Linked Documents page, the tabs' Documents column and the binders show them on a fresh start.
 * Suggestions come later, from the text the jobs extract.
 */
async function seedDocumentLinks(db: DB, by: number) {
  const pairs = [
    { tab: "AD Status", file: "/03 AD Status/AD Status Report %.pdf" },
    { tab: "SB Status", file: "/04 SB Status/SB Status Report.pdf" },
  ];
  for (const pair of pairs) {
    const rows = await db
      .selectFrom("tabs as t")
      .innerJoin("tab_rows as r", "r.tab_id", "t.id")
      .innerJoin("storage_items as s", (j) => j.onRef("s.aircraft_id", "=", "t.aircraft_id").on("s.path", "like", pair.file).on("s.is_folder", "=", 0))
      .select(["t.aircraft_id", "r.id as row_id", "s.id as file_id"])
      .where("t.tab_name", "=", pair.tab)
      .where("t.is_template", "=", 0)
      .where("r.position", "=", 1)
      .execute();
    const seen = new Set<number>();
    const values = rows.filter((r) => r.aircraft_id != null && !seen.has(r.row_id) && seen.add(r.row_id)).map((r) => ({ aircraft_id: r.aircraft_id!, file_id: r.file_id, row_id: r.row_id, status: "linked" as const, created_by: by, decided_by: by, decided_at: isoDaysAgo(3), created_at: isoDaysAgo(3) }));
    if (values.length) await db.insertInto("document_links").values(values).execute();
  }
}

async function seedConsultants(db: DB, sc: SeedCtx, uid: (email: string) => number) {
  const now = isoDaysAgo(0);
  const rows = CONSULTANTS.map((s, i) => ({
    user_id: uid(s.email),
    name: s.name,
    city: s.city,
    country: s.country,
    phone_number_with_country_code: s.phone,
    summary: s.summary,
    photo_key: null,
    resume_key: null,
    aircraft_type: s.aircraft ? "1" : "0",
    aircraft_sub_type: s.aircraft,
    helicopter_type: s.helicopter ? "1" : "0",
    helicopter_sub_type: s.helicopter,
    power_plant_type: s.powerPlant ? "1" : "0",
    power_plant_sub_type: s.powerPlant,
    services: JSON.stringify(s.services),
    approval_status: s.approval,
    availability_status: s.available,
    message_to_admin: s.message,
    available_start_date: s.available === 1 ? addDays("2026-12-01", i * 7) : null,
    available_end_date: s.available === 1 ? addDays("2027-03-31", i * 14) : null,
    comment_by_admin: s.comment,
    daily_rate_onsite: s.onsite,
    daily_rate_offsite: s.offsite,
    stage: "complete" as const,
    phone_verified: 1,
    active: 1,
    email_notifications: 1,
    created_at: isoDaysAgo(380 - i * 9),
    updated_at: now,
  }));
  const onboarding = [
    { user_id: uid("onboarding-basic@demo.aero"), name: "", city: "", country: "", phone_number_with_country_code: "", summary: "", stage: "basic_info" as const },
    { user_id: uid("onboarding-profile@demo.aero"), name: "Pierre Lambert", city: "Toulouse", country: "France", phone_number_with_country_code: "", summary: "", stage: "profile" as const },
    {
      user_id: uid("onboarding-phone@demo.aero"),
      name: "Ana Costa",
      city: "Lisbon",
      country: "Portugal",
      phone_number_with_country_code: "+351912345678",
      summary: "Line maintenance engineer moving into records consultancy; A320 family and ATR 72.",
      stage: "verify_phone" as const,
      aircraft_type: "1",
      aircraft_sub_type: "A320 Family, ATR 72",
      services: JSON.stringify(["Record Review", "Physical Inspection"]),
    },
  ].map((o) => ({
    photo_key: null,
    resume_key: null,
    aircraft_type: "0",
    aircraft_sub_type: "",
    helicopter_type: "0",
    helicopter_sub_type: "",
    power_plant_type: "0",
    power_plant_sub_type: "",
    services: "[]",
    approval_status: "undecided" as const,
    availability_status: null,
    message_to_admin: "",
    available_start_date: null,
    available_end_date: null,
    comment_by_admin: "",
    daily_rate_onsite: null,
    daily_rate_offsite: null,
    phone_verified: 0,
    active: 1,
    email_notifications: 1,
    created_at: isoDaysAgo(3),
    updated_at: isoDaysAgo(3),
    ...o,
  }));
  const inserted = await db.insertInto("consultants").values([...rows, ...onboarding]).returning(["id", "user_id"]).execute();
  const cid = new Map(inserted.map((r) => [r.user_id, r.id]));
  const consultantId = (email: string) => cid.get(uid(email))!;

  // Projects, resumes and photos
  const projectRows = [];
  const fileJobs: { id: number; key: string; bytes: () => Uint8Array | Promise<Uint8Array>; type: string; column: "photo_key" | "resume_key" }[] = [];
  for (const [i, s] of CONSULTANTS.entries()) {
    const id = consultantId(s.email);
    const projects = projectsFor(s);
    for (const p of projects) projectRows.push({ consultant_id: id, ...p });
    if (s.resume) fileJobs.push({ id, key: `consultants/${id}/resume/seed/${s.name.replace(/[^\p{L}\p{N}]+/gu, "_")}_CV.pdf`, bytes: () => resumePdf(s, projects), type: CONTENT_TYPES.pdf, column: "resume_key" });
    if (s.photo) {
      const initials = s.name.split(" ").map((w) => w[0]).join("").slice(0, 2);
      fileJobs.push({ id, key: `consultants/${id}/photo/seed/photo.png`, bytes: () => avatarPng({ initials, hue: (i * 47) % 360 }), type: CONTENT_TYPES.png, column: "photo_key" });
    }
  }
  for (const part of chunks(projectRows, 300)) await db.insertInto("consultant_projects").values(part).execute();
  await pool(fileJobs, 6, async (j) => {
    await sc.put(j.key, await j.bytes(), j.type);
  });
  for (const j of fileJobs) {
    const set = j.column === "photo_key" ? { photo_key: j.key } : { resume_key: j.key };
    await db.updateTable("consultants").set(set).where("id", "=", j.id).execute();
  }

  // Ratings from clients, likes by the demo client
  const raters = ["client@demo.aero", "reader@demo.aero", "emma.clarke@skyline.demo.aero", "liam.obrien@skyline.demo.aero", "mikko.virtanen@nordic.demo.aero", "aino.laine@nordic.demo.aero", "hannah.weber@vertiport.demo.aero", "david.chen@meridian.demo.aero", "grace.okafor@meridian.demo.aero"];
  const comments: Record<number, string[]> = {
    5: ["Outstanding report, delivered ahead of schedule.", "Found every gap in the LLP trace. Highly recommended.", "Excellent communication with the lessee."],
    4: ["Thorough work, minor delays on the final report.", "Good knowledge of the type.", "Solid inspection, clear photos."],
    3: ["Acceptable, but needed several reminders.", "Report needed rework before acceptance."],
    2: ["Missed items in the AD review."],
    1: ["Did not complete the agreed scope."],
  };
  const ratingRows = [];
  for (const s of CONSULTANTS) {
    const r = prng(seedOf(`${s.email}|ratings`));
    const base = s.approval === "disapproved" ? 2 : s.approval === "undecided" ? 3 : 4;
    for (const [k, rater] of sample(r, raters, int(r, 2, 5)).entries()) {
      const rating = Math.max(1, Math.min(5, base + pick(r, [-1, 0, 0, 1, 1])));
      ratingRows.push({ consultant_id: consultantId(s.email), user_id: uid(rater), rating, comment: pick(r, comments[rating]), created_at: isoDaysAgo(int(r, 5, 300), k) });
    }
  }
  await db.insertInto("consultant_ratings").values(ratingRows).execute();
  const liked = ["consultant@demo.aero", "james.whitfield@consultants.demo.aero", "kenji.watanabe@consultants.demo.aero", "meilin.tan@consultants.demo.aero"];
  await db
    .insertInto("consultant_likes")
    .values([
      ...liked.map((e, i) => ({ user_id: uid("client@demo.aero"), consultant_id: consultantId(e), created_at: isoDaysAgo(40 - i) })),
      { user_id: uid("mikko.virtanen@nordic.demo.aero"), consultant_id: consultantId("thomas.brennan@consultants.demo.aero"), created_at: isoDaysAgo(12) },
    ])
    .execute();

  // Messages
  const marta = consultantId("consultant@demo.aero");
  await db
    .insertInto("messages")
    .values([
      { from_user_id: uid("consultant@demo.aero"), to_user_id: null, consultant_id: marta, body: "I am available for redelivery work from December; happy to travel within Europe.", created_at: isoDaysAgo(9) },
      { from_user_id: uid("client@demo.aero"), to_user_id: uid("consultant@demo.aero"), consultant_id: marta, body: "Hi Marta, we would like you to review the records of A320-200 MSN 5123 ahead of its return in January. Could you share your availability?", created_at: isoDaysAgo(6) },
      { from_user_id: uid("consultant@demo.aero"), to_user_id: uid("client@demo.aero"), consultant_id: marta, body: "Hello Claire, yes, I can start on 1 December. I will need read access to the records folder and the latest AD status.", created_at: isoDaysAgo(5) },
      { from_user_id: uid("carlos.mendoza@consultants.demo.aero"), to_user_id: null, consultant_id: consultantId("carlos.mendoza@consultants.demo.aero"), body: "Could you confirm whether my scanning references were received?", created_at: isoDaysAgo(14) },
    ])
    .execute();
}

async function seedNotificationsAndMessages(db: DB, uid: (email: string) => number) {
  type N = [string, "order" | "user" | "project" | "feature", string, number, boolean];
  const list: N[] = [
    ["admin@demo.aero", "user", "New consultant registration: Olusegun Adeyemi", 2, false],
    ["admin@demo.aero", "user", "Client account created: Grace Okafor (Meridian Aviation Capital)", 5, false],
    ["admin@demo.aero", "order", "Records scanning order #1042 received from Skyline Leasing", 8, true],
    ["admin@demo.aero", "project", "Redelivery project for EI-GPP started", 15, true],
    ["admin@demo.aero", "feature", "New: file search across all aircraft of an organization", 30, true],
    ["member@demo.aero", "user", "Consultant profile updated: Rajesh Iyer", 3, false],
    ["member@demo.aero", "order", "Inventory report order #1045 for Nordic Regional Airways", 11, true],
    ["member@demo.aero", "feature", "AeroOIL: watch list on every oil tab", 30, true],
    ["template@demo.aero", "feature", "Template versions: restore an earlier version of a manufacturer's tabs", 6, false],
    ["template@demo.aero", "project", "New AeroOPS organization: Nordic Regional Airways", 20, true],
    ["client@demo.aero", "order", "Your records scanning order #1042 has been confirmed", 1, false],
    ["client@demo.aero", "project", "Physical inspection of VH-YIV scheduled for 3 Dec 2026", 4, false],
    ["client@demo.aero", "user", "Ravi Desai was given Read Access to 4 aircraft", 10, true],
    ["client@demo.aero", "feature", "AeroOIL status dashboard now shows the watch list", 25, true],
    ["client@demo.aero", "project", "AD status of EI-FSK updated for October 2026", 33, true],
    ["reader@demo.aero", "user", "You were given Read Access to 4 Skyline aircraft", 10, false],
    ["reader@demo.aero", "feature", "Favourites: keep the files you use most at hand", 25, true],
    ["consultant@demo.aero", "project", "You have been proposed for the records review of A320-200 MSN 5123", 5, false],
    ["consultant@demo.aero", "user", "Your profile was verified by an administrator", 60, true],
    ["consultant@demo.aero", "feature", "Set your availability and rates from your profile", 90, true],
  ];
  await db
    .insertInto("notifications")
    .values(list.map(([email, type, title, days, read]) => ({ user_id: uid(email), type, title, read_at: read ? isoDaysAgo(days - 0.5) : null, created_at: isoDaysAgo(days) })))
    .execute();
}

async function seedTabs(db: DB, fleet: Ctx[], manufacturers: { id: number; name: string }[], uid: (email: string) => number) {
  const org = (slug: string) => DEMO_ORGANIZATIONS.find((o) => o.slug === slug)!;
  const created = isoDaysAgo(120);
  interface Pending { spec: TabSpec; product: "ops" | "oil"; aircraft: Ctx | null; manufacturerId: number | null; position: number }
  const pending: Pending[] = [];
  for (const ac of fleet) {
    if (org(ac.org).has_ops) opsTabs(ac).forEach((spec, i) => pending.push({ spec, product: "ops", aircraft: ac, manufacturerId: null, position: i + 1 }));
    if (org(ac.org).has_oil) oilTabs(ac).forEach((spec, i) => pending.push({ spec, product: "oil", aircraft: ac, manufacturerId: null, position: i + 1 }));
  }
  for (const m of manufacturers) templateTabs(m.name).forEach((spec, i) => pending.push({ spec, product: "ops", aircraft: null, manufacturerId: m.id, position: i + 1 }));

  const keyOf = (product: string, aircraftId: number | null, manufacturerId: number | null, tabKey: string) => `${product}|${aircraftId ?? ""}|${manufacturerId ?? ""}|${tabKey}`;
  const tabId = new Map<string, number>();
  for (const part of chunks(pending, 400)) {
    const inserted = await db
      .insertInto("tabs")
      .values(
        part.map((p) => ({
          product: p.product,
          organization_id: p.aircraft?.orgId ?? null,
          aircraft_id: p.aircraft?.id ?? null,
          manufacturer_id: p.manufacturerId,
          is_template: p.aircraft ? 0 : 1,
          tab_key: p.spec.key,
          tab_name: p.spec.name,
          tab_position: p.position,
          group_name: p.spec.group,
          created_at: created,
        })),
      )
      .returning(["id", "product", "aircraft_id", "manufacturer_id", "tab_key"])
      .execute();
    for (const t of inserted) tabId.set(keyOf(t.product, t.aircraft_id, t.manufacturer_id, t.tab_key), t.id);
  }
  const editor = uid("client@demo.aero");
  const columnRows = [];
  const rowRows = [];
  for (const p of pending) {
    const id = tabId.get(keyOf(p.product, p.aircraft?.id ?? null, p.manufacturerId, p.spec.key))!;
    columnRows.push(...p.spec.columns.map((col, i) => ({ tab_id: id, name: col.name, position: i + 1, type: col.type, editable: col.editable === false ? 0 : 1 })));
    const watched = new Set(p.spec.watched ?? []);
    rowRows.push(
      ...p.spec.rows.map((data, i) => ({
        tab_id: id,
        position: i + 1,
        data: JSON.stringify(data),
        watched: watched.has(i) ? 1 : 0,
        updated_by: p.aircraft ? editor : uid("template@demo.aero"),
        created_at: created,
        updated_at: created,
      })),
    );
  }
  for (const part of chunks(columnRows, 1000)) await db.insertInto("tab_columns").values(part).execute();
  for (const part of chunks(rowRows, 1000)) await db.insertInto("tab_rows").values(part).execute();
  // The oil tabs' alert limits, set by the Skyline Super User.
  const limited = pending.filter((p) => p.spec.limits && Object.keys(p.spec.limits).length);
  if (limited.length) {
    const limitTabIds = limited.map((p) => tabId.get(keyOf(p.product, p.aircraft?.id ?? null, p.manufacturerId, p.spec.key))!);
    const cols = await db.selectFrom("tab_columns").select(["id", "tab_id", "name"]).where("tab_id", "in", limitTabIds).execute();
    const limitRows = limited.flatMap((p, i) =>
      Object.entries(p.spec.limits!).flatMap(([name, value]) => {
        const col = cols.find((x) => x.tab_id === limitTabIds[i] && x.name === name);
        return col ? [{ tab_id: limitTabIds[i]!, column_id: col.id, limit_value: value, set_by: uid("emma.clarke@skyline.demo.aero"), set_at: created }] : [];
      }),
    );
    for (const part of chunks(limitRows, 500)) await db.insertInto("oil_limits").values(part).execute();
  }
  // Dynamic tabs are keyed "tab-<tabs.id>", as the ops API keys the tabs it creates (unique everywhere).
  const finalKey = (p: Pending) => {
    const id = tabId.get(keyOf(p.product, p.aircraft?.id ?? null, p.manufacturerId, p.spec.key))!;
    return p.spec.key.startsWith("tab-") ? `tab-${id}` : p.spec.key;
  };
  const dynamicIds = pending.filter((p) => p.spec.key.startsWith("tab-")).map((p) => tabId.get(keyOf(p.product, p.aircraft?.id ?? null, p.manufacturerId, p.spec.key))!);
  for (const part of chunks(dynamicIds, 500)) await db.updateTable("tabs").set({ tab_key: sql<string>`'tab-' || id` }).where("id", "in", part).execute();

  // One template version per manufacturer: a snapshot of its template tabs.
  await db
    .insertInto("template_versions")
    .values(
      manufacturers.map((m) => ({
        manufacturer_id: m.id,
        version: 1,
        note: `Initial ${m.name} template`,
        snapshot: JSON.stringify(
          pending
            .filter((p) => p.manufacturerId === m.id)
            .map((p) => ({
              tab_id: finalKey(p),
              tab_name: p.spec.name,
              tab_position: p.position,
              group_name: p.spec.group,
              product: p.product,
              columns: p.spec.columns.map((col, i) => ({ name: col.name, position: i + 1, type: col.type, editable: col.editable !== false })),
              rows: p.spec.rows.map((data, i) => ({ position: i + 1, data })),
            })),
        ),
        created_by: uid("template@demo.aero"),
        created_at: isoDaysAgo(150),
      })),
    )
    .execute();
}

async function seedWorkOrdersAndLogbooks(db: DB, fleet: Ctx[], uid: (email: string) => number) {
  const by = uid("client@demo.aero");
  const targets = [fleet.find((a) => a.msn === "5123")!, fleet.find((a) => a.msn === "41230")!, fleet.find((a) => a.msn === "1320")!];
  const woSpecs: { ac: Ctx; kind: "aircraft" | "engine" | "component"; number: string; title: string; status: string; versions: Record<string, unknown>[] }[] = [];
  for (const ac of targets) {
    const r = prng(seedOf(`${ac.msn}|wo`));
    const station = pick(r, ["Shannon", "Dublin", "Helsinki", "Brisbane"]);
    const aCheck = checkList(ac).find((x) => /A-Check|100 FH/.test(x.check)) ?? checkList(ac)[0];
    const task = (ref: string, description: string, ata: string, status: string, hours: number) => ({ ref, description, ata, status, man_hours: hours });
    const v1 = {
      station,
      planned_start: addDays(aCheck.nextDue, -2),
      planned_end: aCheck.nextDue,
      tasks: [task("1", "Zonal inspection, all zones", "05", "open", 18), task("2", "Lubricate flight control hinges", "27", "open", 6), task("3", "Operational test of emergency lights", "33", "open", 2), task("4", "Replace cabin air filters", "21", "open", 4)],
      remarks: "",
    };
    woSpecs.push({
      ac,
      kind: "aircraft",
      number: `WO-${ac.registration.replace("-", "")}-${int(r, 100, 199)}`,
      title: `${aCheck.check} at ${station}`,
      status: "in progress",
      versions: [v1, { ...v1, tasks: v1.tasks.map((t, i) => ({ ...t, status: i < 2 ? "closed" : "open" })), remarks: "Tasks 1 and 2 signed off." }],
    });
    if (ac.esns.length) {
      woSpecs.push({
        ac,
        kind: "engine",
        number: `WO-${ac.registration.replace("-", "")}-E${int(r, 10, 99)}`,
        title: `Borescope inspection ESN ${ac.esns[0]}`,
        status: "closed",
        versions: [{ station, engine: ac.engine, esn: ac.esns[0], position: 1, tasks: [task("1", "HPT stage 1 blades borescope inspection", "72", "closed", 3), task("2", "Combustion chamber borescope inspection", "72", "closed", 2)], findings: "Minor coating loss on two HPT blades, within AMM limits. Re-inspect in 500 cycles." }],
      });
    }
    const ht = hardTimeList(ac)[0];
    woSpecs.push({
      ac,
      kind: "component",
      number: `WO-${ac.registration.replace("-", "")}-C${int(r, 10, 99)}`,
      title: `Replace ${ht.description}`,
      status: "open",
      versions: [{ station, part_no: ht.partNo, serial_off: ht.serialNo, serial_on: "", reason: `Hard time limit ${ht.months} months, due ${dayMonthYear(ht.due)}`, tasks: [task("1", `Remove and replace ${ht.description}`, ht.ata, "open", 1.5)] }],
    });
  }
  const woRows = await db
    .insertInto("work_orders")
    .values(woSpecs.map((w, i) => ({ aircraft_id: w.ac.id, kind: w.kind, number: w.number, title: w.title, status: w.status, created_by: by, created_at: isoDaysAgo(40 - i) })))
    .returning(["id", "number"])
    .execute();
  const woId = new Map(woRows.map((w) => [w.number, w.id]));
  await db
    .insertInto("work_order_versions")
    .values(
      woSpecs.flatMap((w, i) =>
        w.versions.map((data, v) => {
          // A work order closed in its last version was in progress in the ones before.
          const status = v < w.versions.length - 1 && w.status === "closed" ? "in progress" : w.status;
          return { work_order_id: woId.get(w.number)!, version: v + 1, data: JSON.stringify(data), number: w.number, title: w.title, status, created_by: by, created_at: isoDaysAgo(40 - i - v * 3) };
        }),
      ),
    )
    .execute();

  // Technical logbooks: one per target aircraft, a page per day of flying.
  const lbRows = await db
    .insertInto("logbooks")
    .values(targets.map((ac) => ({ aircraft_id: ac.id, title: `Technical Logbook ${ac.registration} 2026`, created_by: by, created_at: isoDaysAgo(60) })))
    .returning(["id", "aircraft_id"])
    .execute();
  const pages = [];
  for (const lb of lbRows) {
    const ac = targets.find((a) => a.id === lb.aircraft_id)!;
    const entries = logbookEntries(ac, "2026-10-01", 8);
    for (const [i, e] of entries.entries()) {
      pages.push({
        logbook_id: lb.id,
        page_no: i + 1,
        date: e.date,
        data: JSON.stringify({ flight_no: e.flight, sector: e.sector, block_hours: e.blockHours, cycles: 1, defect: e.defect, action: e.action, certifying_staff: e.defect === "NIL" ? "" : pick(prng(seedOf(e.date)), ["J. Byrne", "K. Lahti", "M. Evans"]) }),
        created_at: `${e.date}T18:00:00.000Z`,
      });
    }
  }
  const pageRows = await db.insertInto("logbook_pages").values(pages).returning(["id", "page_no", "date", "data", "created_at"]).execute();
  // Each page's version 1, as page_create writes it.
  const snapshots = pageRows.map((p) => ({ logbook_page_id: p.id, version: 1, page_no: p.page_no, date: p.date, data: p.data, created_at: p.created_at, created_by: by }));
  for (const part of chunks(snapshots, 500)) await db.insertInto("logbook_page_versions").values(part).execute();
}
