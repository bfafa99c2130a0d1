// The marketplace's filters and sort: a GET form, so they live in the URL and work without JS. With
// JS a change of a select applies at once (the search box on Enter, as any form).
import { Form, Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { APPROVAL_LABEL, APPROVAL_STATUSES, CONSULTANT_SERVICES } from "~/models/consultant-rules";
import type { MarketplaceFilters } from "~/models/schemas/consultant";
import * as s from "./consultant-filters.css";

export const TYPE_FILTERS = [
  { value: "aircraft", label: "Aircraft", param: "aircraft_type" },
  { value: "helicopter", label: "Helicopter", param: "helicopter_type" },
  { value: "power_plant", label: "Power plant", param: "power_plant_type" },
] as const;
export const AVAILABILITY_FILTERS = [
  { value: "available", label: "Available" },
  { value: "not_available", label: "Not available" },
  { value: "unset", label: "Not set" },
] as const;
export const RATING_FILTERS = [4.5, 4, 3, 2, 1] as const;
export const SORTS = [
  { value: "rating", label: "Best rated" },
  { value: "name", label: "Name" },
  { value: "country", label: "Country" },
  { value: "newest", label: "Newest" },
] as const;

export interface FilterValues {
  q: string;
  country: string;
  type: string;
  service: string;
  availability: string;
  min_rating: string;
  approval: string;
  sort: string;
}

type Facet = { value: string; count: number };

function Select({ name, label, value, children }: { name: string; label: string; value: string; children: React.ReactNode }) {
  const id = `filter-${name}`;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={s.control}>
        {children}
      </select>
    </div>
  );
}

export function ConsultantFilters({ action, values, countries, services }: { action: string; values: FilterValues; countries: Facet[]; services: Facet[] }) {
  const knownCountry = countries.some((c) => c.value.toLowerCase() === values.country.toLowerCase());
  const serviceCount = new Map(services.map((f) => [f.value.toLowerCase(), f.count]));
  const active = Object.entries(values).some(([k, v]) => k !== "sort" && v);
  // A choice in a select applies at once with a script (data-auto-submit, the market widget
  // app/plain/widgets/market.ts); without JS, Apply.
  return (
    <Form method="get" action={action} className={s.form} role="search" aria-label="Filter consultants" data-auto-submit="" preventScrollReset>
      <div className={`${s.field} ${s.search}`}>
        <label className={s.label} htmlFor="filter-q">
          Search
        </label>
        <input id="filter-q" type="search" name="q" defaultValue={values.q} maxLength={200} placeholder="Name, city, aircraft type, service…" className={s.control} />
      </div>
      <Select name="country" label="Country" value={values.country}>
        <option value="">All countries</option>
        {!knownCountry && values.country ? <option value={values.country}>{values.country}</option> : null}
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.value} ({c.count})
          </option>
        ))}
      </Select>
      <Select name="type" label="Aircraft or helicopter" value={values.type}>
        <option value="">Any type</option>
        {TYPE_FILTERS.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </Select>
      <Select name="service" label="Service" value={values.service}>
        <option value="">All services</option>
        {CONSULTANT_SERVICES.map((sv) => (
          <option key={sv} value={sv}>
            {sv}
            {serviceCount.has(sv.toLowerCase()) ? ` (${serviceCount.get(sv.toLowerCase())})` : " (0)"}
          </option>
        ))}
      </Select>
      <Select name="availability" label="Availability" value={values.availability}>
        <option value="">Any availability</option>
        {AVAILABILITY_FILTERS.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </Select>
      <Select name="min_rating" label="Rating" value={values.min_rating}>
        <option value="">Any rating</option>
        {RATING_FILTERS.map((r) => (
          <option key={r} value={String(r)}>
            {r} stars or more
          </option>
        ))}
      </Select>
      <Select name="approval" label="Approval" value={values.approval}>
        <option value="">Any approval</option>
        {APPROVAL_STATUSES.map((a) => (
          <option key={a} value={a}>
            {APPROVAL_LABEL[a]}
          </option>
        ))}
      </Select>
      <Select name="sort" label="Sort by" value={values.sort || "rating"}>
        {SORTS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <div className={s.buttons}>
        <button type="submit" className={ui.button.primary}>
          Apply
        </button>
        {active ? (
          <Link to={action} className={ui.button.secondary}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The filters as the URL has them (trimmed, cut to the API's lengths). */
export function readFilters(url: URL): FilterValues {
  const get = (k: string, max: number) => (url.searchParams.get(k) ?? "").trim().slice(0, max);
  return {
    q: get("q", 200),
    country: get("country", 120),
    type: get("type", 20),
    service: get("service", 80),
    availability: get("availability", 20),
    min_rating: get("min_rating", 5),
    approval: get("approval", 20),
    sort: get("sort", 20),
  };
}

/** The API query of the filters; unknown values are left to the API, which ignores them. */
export function toQuery(v: FilterValues, page: number, perPage: number): MarketplaceFilters {
  const q: MarketplaceFilters = { page, per_page: perPage };
  if (v.q) q.q = v.q;
  if (v.country) q.country = v.country;
  if (v.service) q.service = v.service;
  const type = TYPE_FILTERS.find((t) => t.value === v.type);
  if (type) q[type.param] = "1";
  if (v.availability === "available" || v.availability === "not_available" || v.availability === "unset") q.availability = v.availability;
  if (v.approval === "verified" || v.approval === "disapproved" || v.approval === "undecided") q.approval = v.approval;
  const min = Number(v.min_rating);
  if (v.min_rating && Number.isFinite(min) && min >= 0 && min <= 5) q.min_rating = min;
  if (v.sort === "rating" || v.sort === "name" || v.sort === "country" || v.sort === "newest") q.sort = v.sort;
  return q;
}

export const pageOf = (url: URL) => Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page"))) || 1));

