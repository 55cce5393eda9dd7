import fs from "node:fs";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance } from "fastify";
import { IMAGE_KEY, IMMUTABLE_CACHE_CONTROL, UPLOADS_URL_PREFIX, avifBeside, type ImageStore } from "./store";

// Serves the local image store at /uploads/<key>. Keys are random and never rewritten, so the
// files are cached for a year; only names shaped like our keys are ever looked up on disk.
// A WebP's URL answers with the AVIF stored beside it when the request lists image/avif in its
// Accept, as browsers do for images: the same picture in 35–47 % fewer bytes. Anything else (a
// feed reader, a link preview, `*/*`) gets the WebP; images stored before the AVIF have only that.
// An upload's AVIFs are made after it is answered: until they land, the WebP a browser gets for
// its AVIF request is not to be kept (by it or by a cache in front), or it would be for a year.
// The store that writes them says which are still to come: a local folder is one instance's (at
// scale, images go to an S3-compatible bucket, and this route is not used).

const FORMATS = ["image/avif", "image/webp"];

export function registerUploadsRoute(app: FastifyInstance, root: string, images?: Pick<ImageStore, "avifPending">): void {
  app.get(`${UPLOADS_URL_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const notFound = () => reply.code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Imagen no encontrada.");
    if (!IMAGE_KEY.test(key)) return notFound();
    const negotiated = key.endsWith(".webp");
    const wantsAvif = negotiated && negotiate(request.headers.accept ?? "", FORMATS) === "image/avif";
    const found = (wantsAvif && (await storedFile(root, avifBeside(key)))) || (await storedFile(root, key));
    if (!found) return notFound();
    if (negotiated) reply.header("vary", "Accept");
    const avifToCome = wantsAvif && found.file.endsWith(".webp") && images?.avifPending(key);
    return reply
      .header("content-type", found.file.endsWith(".avif") ? "image/avif" : "image/webp")
      .header("content-length", found.size)
      .header("cache-control", avifToCome ? "no-cache" : IMMUTABLE_CACHE_CONTROL)
      .send(fs.createReadStream(found.file));
  });
}

async function storedFile(root: string, key: string): Promise<{ file: string; size: number } | null> {
  const file = path.join(root, ...key.split("/"));
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { file, size: stat.size } : null;
  } catch {
    return null;
  }
}
