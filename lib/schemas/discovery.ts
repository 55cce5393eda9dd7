import { z } from "zod";
import { ACCESSIBILITY_FEATURES, type AccessibilityFeature } from "./accessibility";
import { PRICE_MAX_MXN } from "./events";
import { EVENT_MODES, EVENT_RADIUS_MAX_KM } from "./event-queries";
import { PLACE_CATEGORIES } from "./places";
import { tagSlugSchema } from "./tags";

// The discovery page's filters as they live in its URL (/explore/?when=weekend&price=free…), so
// a search can be shared, bookmarked and reloaded offline. One schema reads the URL; the same
// filters, normalised, name the list's cache entry and become the GET /events query, so one URL
// always lands on one cache entry. A bad or stale value in a shared link is dropped, not an
// error: the page shows what it understood.

/**
 * "range" uses `from`/`to`, calendar days of the city (until both are picked, the open side is
 * unbounded); the others are windows the API computes in the city's zone.
 */
export const DISCOVERY_WHEN = ["today", "weekend", "week", "range"] as const;
export type DiscoveryWhen = (typeof DISCOVERY_WHEN)[number];
export const DISCOVERY_RADII_KM = [1, 3, 5, 10, 25] as const;
export const DISCOVERY_RADIUS_DEFAULT_KM = 5;
/** Where distance is measured from: the device ("here") or a saved address's id. */
export const NEAR_HERE = "here";

const day = z.iso.date();
const dropInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const discoveryFiltersSchema = z
  .object({
    when: dropInvalid(z.enum(DISCOVERY_WHEN)),
    from: dropInvalid(day),
    to: dropInvalid(day),
    tag: dropInvalid(tagSlugSchema),
    category: dropInvalid(z.enum(PLACE_CATEGORIES)),
    /** "free", or the most a ticket may cost in pesos. */
    price: dropInvalid(z.union([z.literal("free"), z.coerce.number().int().min(1).max(PRICE_MAX_MXN)])),
    mode: dropInvalid(z.enum(EVENT_MODES)),
    near: dropInvalid(z.string().trim().min(1).max(64)),
    lat: dropInvalid(z.coerce.number().min(-90).max(90)),
    lng: dropInvalid(z.coerce.number().min(-180).max(180)),
    radius: dropInvalid(z.coerce.number().gt(0).max(EVENT_RADIUS_MAX_KM)),
    accessibility: dropInvalid(
      z.string().transform((value) => ACCESSIBILITY_FEATURES.filter((f) => value.split(",").includes(f)) as AccessibilityFeature[]),
    ),
  })
  .transform((f) => {
    // Only meaningful combinations survive: days belong to a range, distance needs a point.
    const range = f.when === "range";
    const point = f.near && f.lat !== undefined && f.lng !== undefined;
    const accessibility = f.accessibility?.length ? f.accessibility : undefined;
    return {
      when: f.when,
      from: range ? f.from : undefined,
      to: range ? f.to : undefined,
      tag: f.tag,
      category: f.category,
      price: f.price,
      mode: f.mode,
      near: point ? f.near : undefined,
      lat: point ? round(f.lat!) : undefined,
      lng: point ? round(f.lng!) : undefined,
      radius: point ? (f.radius ?? DISCOVERY_RADIUS_DEFAULT_KM) : undefined,
      accessibility,
    };
  });
export type DiscoveryFilters = z.output<typeof discoveryFiltersSchema>;

/** Three decimals (~100 m): enough for "near", and the same spot gives the same URL and cache entry. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The order keys are written in, so equal filters always give the same URL. */
const KEYS = ["when", "from", "to", "tag", "category", "price", "mode", "near", "lat", "lng", "radius", "accessibility"] as const;

export function parseDiscovery(params: URLSearchParams | Record<string, string>): DiscoveryFilters {
  const entries = params instanceof URLSearchParams ? Object.fromEntries(params.entries()) : params;
  return discoveryFiltersSchema.parse(entries);
}

/** The filters as a query string ("" when none), canonical: parsing it gives the same filters back. */
export function discoverySearch(filters: Partial<DiscoveryFilters>): string {
  const normal = discoveryFiltersSchema.parse(Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v])));
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = normal[key];
    if (value !== undefined) params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = params.toString().replaceAll("%2C", ",");
  return text ? `?${text}` : "";
}

/** How many filters are set (the chips shown). */
export function activeFilterCount(filters: DiscoveryFilters): number {
  return [filters.when, filters.tag, filters.category, filters.price, filters.mode, filters.near, filters.accessibility].filter((v) => v !== undefined).length;
}

/** The GET /events parameters the discovery page sets (besides when, tag and free). */
export interface DiscoveryApiQuery {
  when?: "today" | "weekend" | "week";
  from?: string;
  to?: string;
  tag?: string;
  category?: string;
  free?: boolean;
  maxPrice?: number;
  mode?: string;
  lat?: number;
  lng?: number;
  radius?: number;
  /** Comma-separated features, all required. */
  accessibility?: string;
}

/** The GET /events query of the filters (what the list's cache entry is keyed by, too). */
export function discoveryApiQuery(filters: DiscoveryFilters): DiscoveryApiQuery {
  const query: DiscoveryApiQuery = {};
  if (filters.when === "range") {
    if (filters.from) query.from = filters.from;
    if (filters.to) query.to = filters.to;
  } else if (filters.when) {
    query.when = filters.when;
  }
  if (filters.tag) query.tag = filters.tag;
  if (filters.category) query.category = filters.category;
  if (filters.price === "free") query.free = true;
  else if (filters.price !== undefined) query.maxPrice = filters.price;
  if (filters.mode) query.mode = filters.mode;
  if (filters.near && filters.lat !== undefined && filters.lng !== undefined) {
    query.lat = filters.lat;
    query.lng = filters.lng;
    query.radius = filters.radius ?? DISCOVERY_RADIUS_DEFAULT_KM;
  }
  if (filters.accessibility) query.accessibility = filters.accessibility.join(",");
  return query;
}
