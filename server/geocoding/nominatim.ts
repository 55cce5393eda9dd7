import { LRUCache } from "lru-cache";
import type { AddressCandidate } from "../../lib/schemas/addresses";
import { LOCALE } from "../../lib/schemas/constants";

// Address look-up through any service that speaks Nominatim's /search API (OpenStreetMap's
// public instance, a self-hosted Nominatim, Photon's compatibility layer…), configured with
// GEOCODER_URL. It is a convenience: when it is slow, down or not configured, the caller
// answers 503 and people type the address by hand.
//
// OpenStreetMap's public instance allows at most one request per second per application, asks
// for results to be cached and for an identifying User-Agent. So answers are cached (normalised
// query as key), identical look-ups in flight share one request, and outgoing requests go one at
// a time, at least `minIntervalMs` after the previous one ended, across the whole process; when
// too many look-ups are already waiting for their turn, new ones fail at once (busy) instead of
// piling up.

export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GeocoderUnavailableError";
  }
}

/** Too many look-ups are waiting for the outgoing slot; retry after `retryAfterSeconds`. */
export class GeocoderBusyError extends GeocoderUnavailableError {
  constructor(public readonly retryAfterSeconds: number) {
    super("Demasiadas búsquedas de direcciones en espera.");
    this.name = "GeocoderBusyError";
  }
}

export interface Geocoder {
  search(query: string): Promise<AddressCandidate[]>;
}

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org; empty disables look-ups. */
  url: string;
  timeoutMs?: number;
  /** Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent?: string;
  /** ISO country codes to search in (default "mx"). */
  countryCodes?: string;
  limit?: number;
  fetchImpl?: typeof fetch;
  /** Minimum time from the end of one outgoing request to the next (default 1100: Nominatim's 1/s plus network jitter). */
  minIntervalMs?: number;
  /** Look-ups allowed to wait for their turn; beyond it they fail busy (default 4). */
  maxWaiting?: number;
  /** Cached answers (default 5000) and how long they are reused (default 24 h). */
  cacheSize?: number;
  cacheTtlMs?: number;
}

interface NominatimItem {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function firstOf(address: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = text(address[key]);
    if (value) return value;
  }
  return null;
}

export function toCandidate(item: NominatimItem): AddressCandidate | null {
  const lat = Number(item.lat);
  const lng = Number(item.lon);
  const displayName = text(item.display_name);
  if (!displayName || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = item.address ?? {};
  return {
    displayName,
    street: firstOf(a, ["road", "pedestrian", "footway", "street"]),
    number: firstOf(a, ["house_number"]),
    neighbourhood: firstOf(a, ["neighbourhood", "suburb", "quarter", "residential", "city_district"]),
    city: firstOf(a, ["city", "town", "village", "municipality", "county"]),
    state: firstOf(a, ["state"]),
    postalCode: firstOf(a, ["postcode"]),
    country: firstOf(a, ["country"]),
    lat,
    lng,
  };
}

/** The cache key and the text sent: case, spacing and Unicode forms do not change an answer. */
export function normaliseQuery(query: string): string {
  return query
    .normalize("NFC")
    .toLocaleLowerCase(LOCALE)
    .replace(/\s*,\s*/g, ", ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.;]+|[\s,.;]+$/g, "");
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const minIntervalMs = options.minIntervalMs ?? 1100;
  const maxWaiting = options.maxWaiting ?? 4;
  const cache = new LRUCache<string, AddressCandidate[]>({ max: options.cacheSize ?? 5000, ttl: options.cacheTtlMs ?? 24 * 3600 * 1000 });
  const inFlight = new Map<string, Promise<AddressCandidate[]>>();
  const fetchOnce = createRawSearch(options);

  // One request at a time, each sent at least minIntervalMs after the previous one ended: the
  // gap is then at least that at the service's end too, however long a request spends on its way
  // (spacing the sends alone let two reach it 479 ms apart on a loaded machine). The first one
  // after a quiet interval goes at once; up to maxWaiting wait their turn; the rest are busy.
  let previous: Promise<unknown> = Promise.resolve();
  let lastEndedAt = -Infinity;
  let inLine = 0;
  let waiting = 0;
  const inTurn = async <T>(send: () => Promise<T>): Promise<T> => {
    const mustWait = inLine > 0 || Date.now() < lastEndedAt + minIntervalMs;
    if (mustWait && waiting >= maxWaiting) throw new GeocoderBusyError(Math.max(1, Math.ceil(((waiting + 1) * minIntervalMs) / 1000)));
    inLine++;
    if (mustWait) waiting++;
    const before = previous;
    const turn = (async () => {
      try {
        await before;
        const wait = lastEndedAt + minIntervalMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      } finally {
        if (mustWait) waiting--;
      }
      try {
        return await send();
      } finally {
        lastEndedAt = Date.now();
        inLine--;
      }
    })();
    previous = turn.catch(() => undefined);
    return turn;
  };

  return {
    async search(query) {
      if (!options.url) throw new GeocoderUnavailableError("No hay servicio de geocodificación configurado.");
      const key = normaliseQuery(query);
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = (async () => {
        const candidates = await inTurn(() => fetchOnce(key));
        // Only answers are cached: a failure should be retried by the next look-up.
        cache.set(key, candidates);
        return candidates;
      })();
      inFlight.set(key, lookup);
      try {
        return await lookup;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}

function createRawSearch(options: NominatimOptions): (query: string) => Promise<AddressCandidate[]> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 4000;
  return async (query) => {
    const url = new URL("search", options.url.endsWith("/") ? options.url : `${options.url}/`);
    url.searchParams.set("q", query);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("addressdetails", "1");
    url.searchParams.set("limit", String(options.limit ?? 5));
    url.searchParams.set("accept-language", "es");
    url.searchParams.set("countrycodes", options.countryCodes ?? "mx");
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: "application/json", "user-agent": options.userAgent ?? "Plaza (agenda cultural)" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError("El servicio de geocodificación no respondió.", { cause: error });
    }
    if (!response.ok) throw new GeocoderUnavailableError(`El servicio de geocodificación respondió ${response.status}.`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new GeocoderUnavailableError("El servicio de geocodificación no respondió JSON.", { cause: error });
    }
    if (!Array.isArray(body)) throw new GeocoderUnavailableError("Respuesta inesperada del servicio de geocodificación.");
    return body.flatMap((item) => {
      const candidate = toCandidate(item as NominatimItem);
      return candidate ? [candidate] : [];
    });
  };
}
