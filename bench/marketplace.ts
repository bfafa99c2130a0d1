// The Contractor Dashboard with 10,000 consultants (issue 5): seeds them straight into the database of
// a temporary DATA_DIR (users, profiles, ~5 ratings each, some likes), then times the portal's whole
// answer for /client/dashboard pages with filters: the HTML of a first visit (shell included) and the
// data request of a client-side navigation. Prints figures; never pass/fail.
//
//   npx tsx bench/marketplace.ts            # CONSULTANTS=10000 RUNS=25
import { sql } from "kysely";
import { CONSULTANT_SERVICES } from "../app/models/consultant-rules";
import { kib, portalLogin, startBenchServer, timeIt } from "./lib";

const N = Number(process.env.CONSULTANTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 25);
const RATERS = 60;

const COUNTRIES = [
  "Germany", "France", "United Kingdom", "Ireland", "Spain", "Italy", "Portugal", "Netherlands", "Belgium", "Poland", "Czechia", "Austria",
  "Switzerland", "Sweden", "Norway", "Denmark", "Finland", "Iceland", "Greece", "Turkey", "Romania", "Hungary", "United States", "Canada",
  "Mexico", "Brazil", "Argentina", "Chile", "Colombia", "Peru", "South Africa", "Kenya", "Nigeria", "Egypt", "Morocco", "Ethiopia",
  "United Arab Emirates", "Qatar", "Saudi Arabia", "Oman", "India", "Pakistan", "Sri Lanka", "Bangladesh", "Singapore", "Malaysia",
  "Indonesia", "Thailand", "Vietnam", "Philippines", "China", "Hong Kong", "Taiwan", "Japan", "South Korea", "Australia", "New Zealand",
  "Fiji", "Israel", "Jordan", "Kazakhstan", "Ukraine", "Lithuania", "Latvia", "Estonia", "Slovakia", "Slovenia", "Croatia", "Serbia",
  "Bulgaria", "Cyprus", "Malta", "Luxembourg", "Tunisia", "Algeria", "Ghana", "Tanzania", "Uganda", "Zambia", "Namibia", "Botswana",
  "Mauritius", "Seychelles", "Maldives", "Nepal", "Mongolia", "Cambodia", "Laos", "Myanmar", "Brunei", "Papua New Guinea", "Bolivia",
  "Ecuador", "Uruguay", "Paraguay", "Panama", "Costa Rica", "Guatemala", "Honduras", "Dominican Republic", "Jamaica", "Trinidad and Tobago",
];
const FIRST = ["Anna", "Ben", "Chen", "Dara", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jon", "Kaito", "Lena", "Mateo", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen", "Yara", "Zoltan"];
const LAST = ["Adams", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanov", "Jensen", "Kim", "Larsen", "Moreau", "Nowak", "Okafor", "Petrov", "Rossi", "Silva", "Tanaka", "Umar", "Vargas", "Weber", "Yilmaz", "Zhang"];
const AIRCRAFT = ["A320 Family", "A321neo", "A330", "A350", "B737NG", "B737 MAX", "B777", "B787", "E190", "ATR 72", "Dash 8-400", "CRJ900"];
const HELI = ["H145", "H175", "AW139", "AW169", "S-92", "Bell 412"];
const ENGINES = ["CFM56-5B", "CFM56-7B", "LEAP-1A", "LEAP-1B", "V2500-A5", "PW1100G", "Trent 700", "GEnx-1B", "PW127", "Arriel 2E"];

// A deterministic generator, so every run lists the same data.
let seed = 20260502;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
const some = <T>(xs: readonly T[], max: number) => [...new Set(Array.from({ length: 1 + Math.floor(rnd() * max) }, () => pick(xs)))];
const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

const server = await startBenchServer();
try {
  const db = server.upstream!.deps.db;
  const t0 = performance.now();
  const now = new Date().toISOString();

  // Raters (clients) and consultants' users.
  const raters = Array.from({ length: RATERS }, (_, i) => ({
    email: `rater-${i}@bench.invalid`, password_hash: "!", role: "client" as const, username: `Rater ${i}`, first_name: "Rater", last_name: String(i), bio: "", phone: null, organization_id: null, confirmed_at: now, totp_secret: null,
  }));
  const users = Array.from({ length: N }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return { email: `bench-consultant-${i}@bench.invalid`, password_hash: "!", role: "consultant" as const, username: `${first} ${last}`, first_name: first, last_name: last, bio: "", phone: null, organization_id: null, confirmed_at: now, totp_secret: null };
  });
  const raterIds: number[] = [];
  const userIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(raters, 500)) raterIds.push(...(await trx.insertInto("users").values(part).returning("id").execute()).map((r) => r.id));
    for (const part of chunks(users, 500)) userIds.push(...(await trx.insertInto("users").values(part).returning("id").execute()).map((r) => r.id));
  });

  const consultants = userIds.map((uid, i) => {
    const heli = rnd() < 0.15;
    const plane = !heli || rnd() < 0.3;
    const engines = rnd() < 0.5;
    const avail = rnd();
    const approval = rnd();
    return {
      user_id: uid, name: users[i]!.username, city: `City ${i % 700}`, country: pick(COUNTRIES), phone_number_with_country_code: `+4470${String(1_000_000 + i)}`,
      summary: "Aviation technical consultant: record reviews and physical inspections.", photo_key: null, resume_key: null,
      aircraft_type: plane ? "1" : "0", aircraft_sub_type: plane ? some(AIRCRAFT, 3).join(", ") : "",
      helicopter_type: heli ? "1" : "0", helicopter_sub_type: heli ? some(HELI, 2).join(", ") : "",
      power_plant_type: engines ? "1" : "0", power_plant_sub_type: engines ? some(ENGINES, 2).join(", ") : "",
      services: JSON.stringify(some(CONSULTANT_SERVICES, 4)),
      approval_status: (approval < 0.6 ? "verified" : approval < 0.75 ? "disapproved" : "undecided") as "verified" | "disapproved" | "undecided",
      availability_status: avail < 0.45 ? 1 : avail < 0.75 ? 0 : null,
      message_to_admin: "", available_start_date: avail < 0.45 ? "2026-12-01" : null, available_end_date: avail < 0.45 ? "2027-06-30" : null,
      comment_by_admin: rnd() < 0.3 ? "Reliable; good reports." : "", daily_rate_onsite: 500 + Math.floor(rnd() * 1000), daily_rate_offsite: 300 + Math.floor(rnd() * 600),
      stage: "complete" as const, phone_verified: 1, active: rnd() < 0.97 ? 1 : 0, email_notifications: 1,
      created_at: new Date(Date.now() - Math.floor(rnd() * 900) * 86_400_000).toISOString(), updated_at: now,
    };
  });
  const consultantIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(consultants, 300)) consultantIds.push(...(await trx.insertInto("consultants").values(part).returning("id").execute()).map((r) => r.id));
  });

  const ratings: { consultant_id: number; user_id: number; rating: number; comment: string }[] = [];
  for (const cid of consultantIds) {
    const k = Math.floor(rnd() * 10); // 0..9 ratings, ~4.5 on average
    const who = new Set<number>();
    while (who.size < k) who.add(pick(raterIds));
    for (const uid of who) ratings.push({ consultant_id: cid, user_id: uid, rating: 1 + Math.floor(rnd() * 5), comment: "" });
  }
  const client = await db.selectFrom("users").select("id").where("email", "=", "client@demo.aero").executeTakeFirstOrThrow();
  const likes = consultantIds.filter(() => rnd() < 0.01).map((cid) => ({ user_id: client.id, consultant_id: cid }));
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(ratings, 2000)) await trx.insertInto("consultant_ratings").values(part).execute();
    for (const part of chunks(likes, 2000)) await trx.insertInto("consultant_likes").values(part).execute();
  });
  await sql`ANALYZE`.execute(db);
  const listed = await db.selectFrom("consultants").select(sql<number>`COUNT(*)`.as("n")).where("active", "=", 1).executeTakeFirstOrThrow();
  console.log(
    `Seeded ${N.toLocaleString("en-US")} consultants (${Number(listed.n).toLocaleString("en-US")} active in total), ${ratings.length.toLocaleString("en-US")} ratings, ${likes.length} likes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const scenarios: [string, string][] = [
    ["best rated (default), page 1", ""],
    ["best rated, page 400", "?page=400"],
    ["name order, page 1", "?sort=name"],
    ["newest, page 50", "?sort=newest&page=50"],
    ["country = Germany", "?country=Germany"],
    ["helicopter + available", "?type=helicopter&availability=available"],
    ["service Record Review + 4 stars or more", "?service=Record+Review&min_rating=4"],
    ["verified, by country", "?approval=verified&sort=country"],
    ["text search 'A350'", "?q=A350"],
    ["all filters at once", "?q=A3&country=France&type=aircraft&service=Annual+Audit&availability=available&min_rating=2&approval=verified&sort=name"],
  ];

  for (const email of ["client@demo.aero", "admin@demo.aero"]) {
    const cookie = await portalLogin(server.url, email);
    console.log(`\n${email}: median / p95 of ${RUNS} requests (warm), whole portal answer`);
    console.log(`${"scenario".padEnd(42)} ${"HTML page".padStart(18)} ${"data request".padStart(18)} ${"size".padStart(10)}`);
    for (const [label, query] of scenarios) {
      let size = 0;
      const page = await timeIt(RUNS, async () => {
        const res = await fetch(`${server.url}/client/dashboard${query}`, { headers: { Cookie: cookie } });
        if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
        size = (await res.arrayBuffer()).byteLength;
      });
      const data = await timeIt(RUNS, async () => {
        // Single fetch: the page's loaders in one answer, as the router fetches them.
        const res = await fetch(`${server.url}/client/dashboard.data${query}`, { headers: { Cookie: cookie } });
        if (res.status !== 200) throw new Error(`${label} (data): ${res.status}`);
        await res.arrayBuffer();
      });
      const fmt = (r: { median: number; p95: number }) => `${r.median.toFixed(1)} / ${r.p95.toFixed(1)} ms`;
      console.log(`${label.padEnd(42)} ${fmt(page).padStart(18)} ${fmt(data).padStart(18)} ${kib(size).padStart(10)}`);
    }
  }
  const cookie = await portalLogin(server.url, "client@demo.aero");
  const saved = await timeIt(RUNS, async () => {
    await (await fetch(`${server.url}/client/saved`, { headers: { Cookie: cookie } })).arrayBuffer();
  });
  console.log(`\n/client/saved with ${likes.length} liked: ${saved.median.toFixed(1)} / ${saved.p95.toFixed(1)} ms`);
} finally {
  await server.close();
}
