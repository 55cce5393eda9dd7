import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { IMAGE_KEY, IMMUTABLE_CACHE_CONTROL, UPLOADS_URL_PREFIX } from "./store";

// Serves the local image store at /uploads/<key>. Keys are random and never rewritten, so the
// files are cached for a year; only names shaped like our keys are ever looked up on disk.

export function registerUploadsRoute(app: FastifyInstance, root: string): void {
  app.get(`${UPLOADS_URL_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const notFound = () => reply.code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Imagen no encontrada.");
    if (!IMAGE_KEY.test(key)) return notFound();
    const file = path.join(root, ...key.split("/"));
    let size: number;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return notFound();
      size = stat.size;
    } catch {
      return notFound();
    }
    return reply
      .header("content-type", "image/webp")
      .header("content-length", size)
      .header("cache-control", IMMUTABLE_CACHE_CONTROL)
      .send(fs.createReadStream(file));
  });
}
