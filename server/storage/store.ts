import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ProcessedImage } from "./images";
import { AwsV4Signer } from "aws4fetch";

// Where processed images live: a local folder by default (served at /uploads/…), or any
// S3-compatible bucket when configured. Keys are random and never reused, so every file can be
// cached forever; replacing an image writes new keys and deletes the old ones.

export interface ObjectStore {
  readonly kind: "local" | "s3";
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** One uploaded image as stored: its default URL and every size (see StoredImageSet). */
export interface StoredImage {
  url: string;
  keys: string[];
  sizes: Record<string, string>;
}

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const UPLOADS_URL_PREFIX = "/uploads";

// `avatar/<uuid>/256.webp`: what keys look like, and all the local route will ever serve. Since
// 30/11/2026 a WebP may have an AVIF beside it (`256.avif`): where it came out smaller, and once
// it is made, after the upload is answered. Images stored before have none.
export const IMAGE_KEY = /^[a-z]+\/[0-9a-f-]{36}\/\d+\.(webp|avif)$/;

/** The AVIF stored beside a WebP key. */
export const avifBeside = (key: string): string => key.replace(/\.webp$/, ".avif");

declare module "fastify" {
  interface FastifyInstance {
    /** Where this app's uploads go (tests and benchmarks wait on `idle()` for the AVIFs). */
    images: ImageStore;
  }
}

export interface ImageStore {
  readonly objects: ObjectStore;
  /** Writes the WebPs and resolves; the AVIFs are written beside them when they are made. */
  save(image: ProcessedImage): Promise<StoredImage>;
  /** Best effort: a file left behind costs storage, not correctness. */
  remove(image: { keys: string[] } | null | undefined): Promise<void>;
  /** Resolves when every AVIF of the images saved so far is written or given up. */
  idle(): Promise<void>;
  /** Whether the AVIFs beside this key may still be written (by this process). */
  avifPending(key: string): boolean;
}

/** What the store could not do: delete a file (left behind), or write an AVIF (the WebP is served). */
export type StoreFailure = "delete" | "avif";
export const STORE_FAILURE_MESSAGES: Record<StoreFailure, string> = {
  delete: "No se pudo borrar una imagen",
  avif: "No se pudo guardar el AVIF de una imagen",
};

/** Where images go: a folder, or an S3-compatible bucket (server/env.ts reads which). */
export type StorageConfig = { kind: "local"; dir: string } | ({ kind: "s3" } & S3Config);

/** The image store the configuration names; `onError` hears what it could not do. */
export function imageStoreFor(storage: StorageConfig, onError?: (error: unknown, failure: StoreFailure) => void): ImageStore {
  return createImageStore(storage.kind === "local" ? createLocalObjectStore(storage.dir) : createS3ObjectStore(storage), onError);
}

interface PendingAvifs {
  /** Set when the image is removed: its AVIFs are then not written, or deleted once written. */
  removed: boolean;
  written?: Promise<void>;
}

export function createImageStore(objects: ObjectStore, onError: (error: unknown, failure: StoreFailure) => void = () => undefined): ImageStore {
  // AVIFs still to be written, by image folder (`content/<uuid>`): removing an image before its
  // AVIFs land must not leave them behind. Only this process knows: an image removed by another
  // instance within those seconds can leave its AVIFs in a shared bucket (storage, not correctness).
  const pending = new Map<string, PendingAvifs>();
  const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/"));
  const deleteOrReport = (key: string) => objects.delete(key).catch((error: unknown) => onError(error, "delete"));

  async function writeAvifs(state: PendingAvifs, webpKeys: string[], avifs: Promise<(Buffer | undefined)[]>): Promise<void> {
    const files = (await avifs).flatMap((avif, i) => (avif && !state.removed ? [[avifBeside(webpKeys[i]!), avif] as const] : []));
    const results = await Promise.allSettled(files.map(([key, data]) => objects.put(key, data, "image/avif")));
    for (const result of results) if (result.status === "rejected") onError(result.reason, "avif");
    // Removed while they were being written: the removal found nothing to delete yet.
    if (state.removed) await Promise.all(files.map(([key]) => deleteOrReport(key)));
  }

  return {
    objects,
    async save(image) {
      const id = randomUUID();
      const folder = `${image.kind}/${id}`;
      const written: string[] = [];
      const webpKeys: string[] = [];
      try {
        const sizes: Record<string, string> = {};
        for (const variant of image.variants) {
          const key = `${folder}/${variant.label}.webp`;
          // Listed before writing, so a failed write is cleaned up (deleting a missing key is fine).
          written.push(key);
          await objects.put(key, variant.data, "image/webp");
          webpKeys.push(key);
          // URLs name the WebP: a feed reader or a link preview that knows no AVIF still gets a picture.
          sizes[variant.label] = objects.publicUrl(key);
        }
        const url = sizes[image.defaultLabel] ?? Object.values(sizes)[0] ?? "";
        // Every AVIF's key is kept with the image, made or not, so removing it deletes them all.
        const state: PendingAvifs = { removed: false };
        state.written = writeAvifs(state, webpKeys, image.avifs())
          .catch((error: unknown) => onError(error, "avif"))
          .finally(() => pending.delete(folder));
        pending.set(folder, state);
        return { url, keys: [...webpKeys, ...webpKeys.map(avifBeside)], sizes };
      } catch (error) {
        await Promise.all(written.map((key) => objects.delete(key).catch(() => undefined)));
        throw error;
      }
    },
    async remove(image) {
      if (!image) return;
      for (const key of image.keys) {
        const state = pending.get(folderOf(key));
        if (state) state.removed = true;
      }
      await Promise.all(image.keys.map(deleteOrReport));
    },
    async idle() {
      await Promise.all([...pending.values()].map((state) => state.written));
    },
    avifPending: (key) => pending.has(folderOf(key)),
  };
}

export function createLocalObjectStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    if (!IMAGE_KEY.test(key)) throw new Error(`Clave de imagen no válida: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never gets half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async delete(key) {
      const target = resolve(key);
      await fs.rm(target, { force: true });
      // Drop the image's folder once its last size is gone.
      await fs.rmdir(path.dirname(target)).catch(() => undefined);
    },
    publicUrl: (key) => `${UPLOADS_URL_PREFIX}/${key}`,
  };
}

export interface S3Config {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** e.g. https://s3.us-east-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  /** Base URL the browser loads images from (bucket website, CDN); keys are appended. */
  publicUrl: string;
  /** `endpoint/bucket/key` (MinIO, R2) instead of `bucket.endpoint/key` (AWS virtual hosts). */
  forcePathStyle: boolean;
}

export function createS3ObjectStore(config: S3Config, fetchImpl: typeof fetch = fetch): ObjectStore {
  const objectUrl = (key: string) => {
    const endpoint = new URL(config.endpoint);
    const encodedKey = key.split("/").map(encodeURIComponent).join("/");
    if (config.forcePathStyle) {
      return new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${config.bucket}/${encodedKey}`);
    }
    return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}/${encodedKey}`);
  };
  const send = async (method: "PUT" | "DELETE", key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = objectUrl(key);
    const signer = new AwsV4Signer({
      method,
      url: url.toString(),
      // The payload is signed (aws4fetch would send UNSIGNED-PAYLOAD for S3), so a store
      // rejects a body altered on the way.
      headers: { ...headers, "x-amz-content-sha256": createHash("sha256").update(body ?? "").digest("hex") },
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: "s3",
      // Content-Type and the rest are signed as well, not only aws4fetch's default selection.
      allHeaders: true,
    });
    // Lower-case names, without `host`: fetch sets that itself from the URL that was signed.
    const { headers: signed } = await signer.sign();
    const response = await fetchImpl(url, { method, headers: Object.fromEntries(signed), body: body ? new Uint8Array(body) : undefined });
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      const text = await response.text().catch(() => "");
      throw new Error(`S3 ${method} ${key}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
  };
  return {
    kind: "s3",
    put: (key, data, contentType) => send("PUT", key, data, { "content-type": contentType, "cache-control": IMMUTABLE_CACHE_CONTROL }),
    delete: (key) => send("DELETE", key),
    publicUrl: (key) => `${config.publicUrl.replace(/\/$/, "")}/${key}`,
  };
}
