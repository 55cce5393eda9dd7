import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// Compresses API answers on the fly: lists and documents are JSON that shrinks several times.
// Registered inside the /api scope only: the PWA's files are compressed once at build time
// (plugins/static.ts). The notification stream hijacks its reply, so nothing here buffers it.

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    // Below about 1 KB the headers and the CPU cost more than the bytes saved.
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Only answers: compressed request bodies are not part of the API.
    globalDecompression: false,
  });
}
