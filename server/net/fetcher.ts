import { lookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { Agent, fetch } from "undici";
import { HttpError } from "../plugins/errors";
import { ERROR_CODES } from "../../lib/schemas/errors";

// The one way the server reads other sites (event imports, calendar subscriptions). A URL a user
// typed must not make the server talk to its own network: only http(s), every address the name
// resolves to must be public, the connection goes to the address that was checked (a second DNS
// answer cannot swap in 127.0.0.1), redirects are followed by hand and checked again, and the
// answer is bounded in time and size.

export interface FetcherOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** host:port pairs allowed although private (local test fixtures; refused in production by env.ts). */
  allowPrivateHosts?: string[];
  /** For tests: how names resolve. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface Fetched {
  /** Where the document finally came from (after redirects). */
  url: string;
  contentType: string;
  text: string;
}

export const REMOTE_REFUSED = "La dirección no está permitida: solo sitios públicos por http o https.";

const refuse = (message: string, status = 400) => new HttpError(status, ERROR_CODES.BAD_REQUEST, message);

/** Unicast addresses on the internet; loopback, private, link-local, CGNAT, multicast… are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

export function createFetcher(options: FetcherOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const allowed = new Set((options.allowPrivateHosts ?? []).map((h) => h.toLowerCase()));
  const resolve = options.resolve ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }));

  async function checkedAddress(url: URL): Promise<LookupAddress> {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(REMOTE_REFUSED);
    if (url.username || url.password) throw refuse("La dirección no puede llevar usuario ni contraseña.");
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    let addresses: LookupAddress[];
    try {
      addresses = ipaddr.isValid(hostname) ? [{ address: hostname, family: hostname.includes(":") ? 6 : 4 }] : await resolve(hostname);
    } catch {
      throw refuse(`No se encontró el sitio ${url.hostname}.`, 422);
    }
    if (addresses.length === 0) throw refuse(`No se encontró el sitio ${url.hostname}.`, 422);
    const privateAllowed = allowed.has(`${url.hostname.toLowerCase()}:${port}`);
    if (!privateAllowed && !addresses.every((a) => isPublicAddress(a.address))) throw refuse(REMOTE_REFUSED);
    return addresses[0]!;
  }

  /** Reads a document; `accept` lists the content types it may have (by prefix). */
  return async function fetchText(input: string, accept: readonly string[]): Promise<Fetched> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw refuse("La dirección no es válida.");
    }
    const deadline = AbortSignal.timeout(timeoutMs);
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url);
      // The socket goes to the address just checked, whatever DNS says a moment later.
      const dispatcher = new Agent({
        connect: {
          lookup: (_host, opts, callback) =>
            (opts as { all?: boolean }).all
              ? callback(null, [{ address: pinned.address, family: pinned.family }] as never)
              : callback(null, pinned.address, pinned.family),
        },
      });
      try {
        const response = await fetch(url, {
          redirect: "manual",
          signal: deadline,
          dispatcher,
          headers: { accept: accept.join(", "), "user-agent": "Plaza (importador de eventos)" },
        }).catch((error: unknown) => {
          if (deadline.aborted) throw refuse(`El sitio tardó más de ${Math.round(timeoutMs / 1000)} s en responder.`, 422);
          throw refuse(`No se pudo leer ${url.hostname}: ${(error as Error).message}.`, 422);
        });
        if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
          await response.body?.cancel();
          if (hop >= maxRedirects) throw refuse("El sitio redirige demasiadas veces.", 422);
          url = new URL(response.headers.get("location")!, url);
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw refuse(`El sitio respondió ${response.status}.`, 422);
        }
        const contentType = (response.headers.get("content-type") ?? "").toLowerCase();
        if (!accept.some((type) => contentType.startsWith(type))) {
          await response.body?.cancel();
          throw refuse(`El sitio no devolvió un documento compatible (${contentType || "sin tipo"}).`, 422);
        }
        const declared = Number(response.headers.get("content-length") ?? "0");
        if (declared > maxBytes) {
          await response.body?.cancel();
          throw refuse(`El documento supera el límite de ${Math.round(maxBytes / 1024 / 1024)} MB.`, 413);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body ?? []) {
          size += (chunk as Uint8Array).byteLength;
          if (size > maxBytes) throw refuse(`El documento supera el límite de ${Math.round(maxBytes / 1024 / 1024)} MB.`, 413);
          chunks.push(Buffer.from(chunk as Uint8Array));
        }
        return { url: url.href, contentType, text: Buffer.concat(chunks).toString("utf8") };
      } finally {
        void dispatcher.close();
      }
    }
  };
}

export type FetchText = ReturnType<typeof createFetcher>;
