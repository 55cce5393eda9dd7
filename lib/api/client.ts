import type { Options } from "ky";
import { apiBaseUrl } from "@/lib/config";
import { getIdToken } from "@/lib/auth/firebase";
import { HTTP_CACHE_TTL_MS } from "@/lib/query/constants";
import { networkError } from "./errors";
import type { Send, TokenProvider } from "./http";

export type SearchParams = Record<string, string | number | boolean | undefined>;

export interface GetOptions {
  searchParams?: SearchParams;
  /**
   * How long the answer may be reused from the in-memory HTTP cache: the spec's default 5 min,
   * a longer lifetime (my-data: 24 h) or `false` for reads that must always be fresh.
   */
  cache?: number | false;
  signal?: AbortSignal;
}

export interface WriteOptions {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key on creates that may be replayed). */
  headers?: Record<string, string>;
  /**
   * A write no cached read shows (a stream ticket, marking notifications read: the inbox is never
   * cached) leaves the HTTP cache as it is: one runs each time the app opens, and emptying the
   * cache then threw away what the page was reading.
   */
  keepsCache?: boolean;
}

function cleanParams(params: SearchParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = String(value);
  return out;
}

function relative(path: string): string {
  // ky's prefixUrl refuses inputs with a leading slash; callers write API paths as the spec does.
  return path.replace(/^\/+/, "");
}

export function createApiClient({
  prefixUrl = apiBaseUrl,
  getToken = getIdToken,
  fetch,
}: { prefixUrl?: string; getToken?: TokenProvider; fetch?: typeof globalThis.fetch } = {}) {
  // The wire layer (ky) arrives in its own chunk, asked for as soon as the client exists so it
  // downloads while the page hydrates; requests wait for it. A chunk that failed to arrive (the
  // network dropped) is asked for again by the next request, which meanwhile reads as offline.
  let wire: Promise<Send> | null = null;
  const loadWire = (): Promise<Send> => {
    if (wire) return wire;
    const loading = import("./http").then(({ createSend }) => createSend({ prefixUrl, getToken, fetch }));
    loading.catch(() => {
      if (wire === loading) wire = null;
    });
    return (wire = loading);
  };
  void loadWire().catch(() => undefined);
  const send = async <T>(method: string, path: string, options: Options): Promise<T> => {
    let transport: Send;
    try {
      transport = await loadWire();
    } catch {
      throw networkError();
    }
    return transport<T>(method, relative(path), options);
  };

  const cache = new Map<string, { expiresAt: number; value: unknown }>();
  // Bumped each time the cache is emptied: a read that set out before brings an answer from
  // before the write or the change of person, which its caller gets but the cache must not keep.
  let generation = 0;
  const empty = () => {
    cache.clear();
    generation++;
  };

  function cacheKey(method: string, path: string, params: Record<string, string> | undefined): string {
    const query = params ? new URLSearchParams(params).toString() : "";
    return `${method} ${relative(path)}?${query}`;
  }

  async function read<T>(method: "GET" | "HEAD", path: string, options: GetOptions = {}): Promise<T> {
    const searchParams = cleanParams(options.searchParams);
    const ttl = options.cache === undefined ? HTTP_CACHE_TTL_MS : options.cache;
    const key = cacheKey(method, path, searchParams);
    const hit = cache.get(key);
    if (ttl !== false && hit && hit.expiresAt > Date.now()) return hit.value as T;
    const setOutIn = generation;
    const value = await send<T>(method, path, { searchParams, signal: options.signal });
    if (ttl !== false && ttl > 0 && setOutIn === generation) cache.set(key, { expiresAt: Date.now() + ttl, value });
    return value;
  }

  async function write<T>(method: string, path: string, body: unknown, options: WriteOptions = {}): Promise<T> {
    // Any write may change what earlier reads returned; dropping every cached read keeps the
    // cache coherent without tracking which resource each write touches. Again when it settles:
    // a read answered while the write was on its way may be from before it.
    if (!options.keepsCache) empty();
    const payload: Options =
      body === undefined ? {} : body instanceof FormData ? { body } : { json: body };
    try {
      return await send<T>(method, path, {
        ...payload,
        searchParams: cleanParams(options.searchParams),
        signal: options.signal,
        ...(options.headers ? { headers: options.headers } : {}),
      });
    } finally {
      if (!options.keepsCache) empty();
    }
  }

  return {
    get: <T>(path: string, options?: GetOptions) => read<T>("GET", path, options),
    head: <T>(path: string, options?: GetOptions) => read<T>("HEAD", path, options),
    post: <T>(path: string, body?: unknown, options?: WriteOptions) => write<T>("POST", path, body, options),
    put: <T>(path: string, body?: unknown, options?: WriteOptions) => write<T>("PUT", path, body, options),
    delete: <T>(path: string, options?: WriteOptions) => write<T>("DELETE", path, undefined, options),
    /** Forgets every cached read (sign-in, sign-out). */
    clearCache: empty,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client of the app. */
export const api: ApiClient = createApiClient();

export const apiGet = api.get;
export const apiPost = api.post;
export const apiPut = api.put;
export const apiDelete = api.delete;
export const clearHttpCache = api.clearCache;
