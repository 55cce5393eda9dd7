import fs from "node:fs/promises";
import path from "node:path";
import type { ContentKind } from "../../lib/schemas/content";
import { linkImage } from "../routes/content/images";
import { IMAGE_KINDS, type ProcessedImage } from "../storage/images";
import type { ImageStore } from "../storage/store";
import type { Database } from "./client";
import { DEMO_ART_HEIGHT, DEMO_ART_WIDTH, type DemoTheme } from "./demo-art";

// The demo content's pictures, kept as the upload pipeline left them: demo-images/<kind>/<key>/
// <width>.webp, and <width>.avif where smaller. Seeding copies them into the image store like an upload would, so the demo is
// measured and seen with pictures, and the first start draws and encodes nothing.

export const DEMO_IMAGES_DIR = path.join(__dirname, "demo-images");

/** One demo item's picture: where its files are kept and what `npm run demo:images` draws. */
export interface DemoPicture {
  kind: ContentKind;
  /** The item's id (places, communities) or its title's slug (events, news). */
  key: string;
  theme: DemoTheme;
}

/** A seeded row and the picture it gets. */
export interface DemoPictureTarget {
  kind: ContentKind;
  id: string;
  key: string;
}

const SPEC = IMAGE_KINDS.content;

export function demoPictureFile(kind: ContentKind, key: string, width: number, format: "webp" | "avif" = "webp"): string {
  return path.join(DEMO_IMAGES_DIR, kind, key, `${width}.${format}`);
}

/** The kept files as a processed upload, or null when the item has none. */
export async function loadDemoPicture(kind: ContentKind, key: string): Promise<ProcessedImage | null> {
  try {
    const variants = await Promise.all(
      SPEC.sizes.map(async (width) => ({
        label: String(width),
        width,
        height: Math.round((width * DEMO_ART_HEIGHT) / DEMO_ART_WIDTH),
        data: await fs.readFile(demoPictureFile(kind, key, width)),
      })),
    );
    // Absent where the AVIF came out larger than the WebP, as in any upload; any other error
    // reading it is one.
    const avifs = await Promise.all(
      SPEC.sizes.map((width) =>
        fs.readFile(demoPictureFile(kind, key, width, "avif")).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined;
          throw error;
        }),
      ),
    );
    return { kind: "content", sourceFormat: "webp", variants, defaultLabel: String(SPEC.defaultSize), avifs: async () => avifs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Stores and links each target's picture; returns how many rows got one. */
export async function attachDemoPictures(database: Database, images: ImageStore, targets: DemoPictureTarget[]): Promise<number> {
  let attached = 0;
  // A series' dates share one picture: its files are read once.
  const loaded = new Map<string, Promise<ProcessedImage | null>>();
  for (const target of targets) {
    const id = `${target.kind}/${target.key}`;
    if (!loaded.has(id)) loaded.set(id, loadDemoPicture(target.kind, target.key));
    const picture = await loaded.get(id)!;
    if (!picture) continue;
    // Each row owns its files (a series' occurrences too): replacing one picture deletes only its own.
    const stored = await images.save(picture);
    const previous = await linkImage(database, target.kind, target.id, stored);
    if (previous === undefined) await images.remove(stored);
    else attached++;
  }
  // Seeded is seeded: the demo's pictures are all there, AVIFs too, when the server opens.
  await images.idle();
  return attached;
}
