import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

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

/** An answer compressed once to be sent many times. */
export function compressKept(encoding: ApiEncoding, text: string): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(text, BUILT_BROTLI) : zlib.gzipSync(text);
}

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
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
  });
}
