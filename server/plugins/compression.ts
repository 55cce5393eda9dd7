import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";

// Compresses API answers on the fly: lists and documents are JSON that shrinks several times.
// Registered inside the /api scope only: the PWA's files are compressed once at build time
// (plugins/static.ts). The notification stream hijacks its reply, so nothing here buffers it.
// An answer kept for everyone (plugins/http-cache.ts) arrives already compressed, once per
// encoding (compressKept), and passes through untouched.

/** The encodings the API answers in, preferred first when a client accepts several equally. */
export const API_ENCODINGS = ["br", "gzip"] as const;
export type ApiEncoding = (typeof API_ENCODINGS)[number];

/** Below about 1 KB the headers and the CPU cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The encoding an answer to a request with these headers goes in, read as @fastify/compress reads them; null for none. */
export function acceptedEncoding(headers: IncomingHttpHeaders): ApiEncoding | null {
  // `x-no-compression` asks for none, whatever Accept-Encoding says.
  if (headers["x-no-compression"] !== undefined) return null;
  const header = headers["accept-encoding"];
  if (typeof header !== "string" || header === "") return null;
  // As @fastify/compress reads the header: `*` and `x-gzip` mean gzip.
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, "gzip"), [...API_ENCODINGS]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * Brotli for what the server builds and then sends more than once (an answer kept for everyone, a
 * page painted with its cover, revalidated by ETag): quality 5 makes a page of 20 events in
 * ~0.14 ms, 4 % smaller than the quality 4 of answers compressed for one request; 11 takes ~16 ms,
 * too long to hold the event loop (bench/compression.mjs).
 */
export const BUILT_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Brotli for an answer compressed on the fly, for one request (my-data, a personal read; what is
 * kept for everyone goes in BUILT_BROTLI): quality 4, @fastify/compress's default, written here so
 * bench/compression.mjs measures what is served.
 */
export const PER_REQUEST_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Up to this size an answer compressed on the fly goes in SMALL_ANSWER_BROTLI, quality 1.
 * Qualities 0 and 1 size their hash table to the input, so a 1 KB answer's fits in the
 * processor's first-level cache; from 2 up the tables are fixed at hundreds of KB, and on a busy
 * server each answer finds them out of the cache. With it cold, my-data (1.2 KB) takes 24 µs
 * instead of 58 and comes out 48 bytes bigger (788 B instead of 740), still one TCP segment;
 * under load the API spent 0.255–0.268 ms of CPU per my-data instead of 0.277–0.304
 * (bench/compression.mjs --cold, bench/content-load.mjs). Bigger answers keep quality 4: there
 * quality 1 costs 13–14 % more bytes, hundreds on a phone's network.
 */
export const SMALL_ANSWER_BYTES = 4096;
export const SMALL_ANSWER_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

/**
 * `compressed` in a buffer of its own size, to be kept. node:zlib's one-call functions return a
 * view of a 16 KB block, and Buffer.from copies into a shared 8 KB slab: kept as they come, each
 * answer of a few hundred bytes would hold kilobytes that its size does not count.
 */
export function ownBytes(compressed: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(own);
  return own;
}

/** An answer compressed once to be sent many times. */
export function compressKept(encoding: ApiEncoding, text: string): Buffer {
  return ownBytes(encoding === "br" ? zlib.brotliCompressSync(text, BUILT_BROTLI) : zlib.gzipSync(text));
}

/** What the API keeps of answers compressed on the fly (compressedBefore): some 4,000 profiles in Brotli (~790 B each). */
export const COMPRESSED_MEMORY_BYTES = 4 * 1024 * 1024;
/** What an entry costs beyond its bytes: its key (the hash) and the cache's own bookkeeping. */
export const COMPRESSED_ENTRY_OVERHEAD_BYTES = 200;
/**
 * How long an answer is kept without being asked for again: the same person's return to the app
 * is minutes away, and a personal answer (an account deleted since, say) does not linger in memory.
 */
export const COMPRESSED_MEMORY_MS = 10 * 60_000;

/** A compressor that remembers: `encoding` names what `compress` makes of a text. */
export type RememberingCompressor = (encoding: ApiEncoding, text: Buffer, compress: (text: Buffer) => Buffer) => Buffer;

// One call where Node has it (20.12 and later): building a hash object for each answer took
// 1.57 µs for 1.2 KB, the one call 0.94 µs.
const sha256: (text: Buffer) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "base64")
    : (text) => crypto.createHash("sha256").update(text).digest("base64");

/**
 * Answers compressed on the fly, kept by the SHA-256 of their text. The same person's answer
 * comes back unchanged again and again (the app reads its profile at every start, on every
 * return to the window and after every change), and compressing it again took ~10 % of the API's
 * time on my-data; its hash takes 3.3 µs for 1.2 KB and 17 µs for a page of 20 events (Brotli 4 of that page, ~120 µs)
 * (docs/operations/rendimiento-bitacora.md, "Comprimir una vez lo que se repite"). Kept by what
 * the text is, never by who asked: only an answer with that very text finds it, and what it
 * finds is what compressing it would give.
 */
export function compressedBefore(maxBytes = COMPRESSED_MEMORY_BYTES): RememberingCompressor {
  const kept = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (compressed) => compressed.length + COMPRESSED_ENTRY_OVERHEAD_BYTES,
    ttl: COMPRESSED_MEMORY_MS,
    updateAgeOnGet: true,
  });
  return (encoding, text, compress) => {
    const key = `${encoding}:${sha256(text)}`;
    const known = kept.get(key);
    if (known) return known;
    const compressed = ownBytes(compress(text));
    kept.set(key, compressed);
    return compressed;
  };
}

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  const remembered = compressedBefore();
  await api.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...API_ENCODINGS],
    // Compressed in one call up to 64 KB (a page of 50 events is ~51 KB), not through a zlib stream and
    // libuv's thread pool: the plugin's default for two cores stops at 8 KB, and a page of 20
    // events (~18 KB) through the stream cost 0.478 ms of CPU per request instead of 0.231, since
    // on a machine whose cores are already busy there is nothing to overlap it with. In one call a
    // page of 20 holds the event loop ~0.12 ms, one of 50 ~0.21 ms (bench/compression.mjs).
    syncThreshold: 65_536,
    // Only answers: compressed request bodies are not part of the API.
    globalDecompression: false,
    brotliOptions: PER_REQUEST_BROTLI,
    // The plugin's one-call Brotli, by size (SMALL_ANSWER_BYTES), and its one-call gzip, both
    // through what was compressed before; everything else is node:zlib's.
    // A route's own `compress` options would rebuild this from node:zlib and lose it: none has any.
    zlib: {
      brotliCompressSync: (payload: Buffer, options: zlib.BrotliOptions) =>
        remembered("br", payload, (text) => zlib.brotliCompressSync(text, text.length <= SMALL_ANSWER_BYTES ? SMALL_ANSWER_BROTLI : options)),
      gzipSync: (payload: Buffer, options: zlib.ZlibOptions) => remembered("gzip", payload, (text) => zlib.gzipSync(text, options)),
    },
  });
}
