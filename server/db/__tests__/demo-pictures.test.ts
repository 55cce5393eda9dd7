import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { slugify } from "../../routes/content/sql";
import { createTestApp, type TestApp } from "../../test/harness";
import { imageStoreFor } from "../../storage/store";
import { DEMO_IMAGES_DIR, demoPictureFile } from "../demo-pictures";
import { seedDemo } from "../seed";
import { demoPictures } from "../seed-content";

// The demo month is shown with pictures: every item has its files, kept as the upload pipeline
// made them, and a first start copies them into the image store and links each row to its own.

const WIDTHS = [480, 960, 1600];

describe("imágenes del contenido de demostración", () => {
  it("cada lugar, evento, noticia y comunidad de la demostración tiene su imagen en WebP a 480, 960 y 1600 px, y en AVIF donde sale más chica", async () => {
    const pictures = demoPictures();
    expect(pictures.length).toBeGreaterThanOrEqual(55);
    let avifs = 0;
    for (const picture of pictures) {
      for (const width of WIDTHS) {
        const file = demoPictureFile(picture.kind, picture.key, width);
        expect({ file, exists: fs.existsSync(file) }).toEqual({ file, exists: true });
        const meta = await sharp(file).metadata();
        expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({ file, format: "webp", width, height: Math.round((width * 9) / 16) });
        // The upload pipeline keeps an AVIF only when it is smaller than the WebP.
        const avif = demoPictureFile(picture.kind, picture.key, width, "avif");
        if (!fs.existsSync(avif)) continue;
        avifs++;
        const avifMeta = await sharp(avif).metadata();
        expect({ avif, format: avifMeta.format, width: avifMeta.width, height: avifMeta.height, smaller: fs.statSync(avif).size < fs.statSync(file).size }).toEqual({
          avif,
          format: "heif",
          width,
          height: Math.round((width * 9) / 16),
          smaller: true,
        });
      }
    }
    // Drawings in flat colour: most come out smaller in AVIF (170 of 180 files when made).
    expect(avifs).toBeGreaterThan(pictures.length * WIDTHS.length * 0.8);
  });

  it("no guarda imágenes de elementos que ya no están en la demostración (npm run demo:images las rehace)", () => {
    const expected = new Set(demoPictures().map((p) => `${p.kind}/${p.key}`));
    const kept = fs.readdirSync(DEMO_IMAGES_DIR).flatMap((kind) => fs.readdirSync(path.join(DEMO_IMAGES_DIR, kind)).map((key) => `${kind}/${key}`));
    expect(kept.filter((entry) => !expected.has(entry))).toEqual([]);
    expect(kept).toHaveLength(expected.size);
  });

  describe("al sembrar un servidor nuevo", () => {
    const uploads = path.join(os.tmpdir(), `plaza-demo-uploads-${randomBytes(4).toString("hex")}`);
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
      await seedDemo(t.database, { images: imageStoreFor({ kind: "local", dir: uploads }) });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    });

    it("cada fila tiene su imagen y sus propios archivos, también cada fecha de una serie", async () => {
      for (const table of ["events", "places", "news"]) {
        const rows = await t.database.query<{ missing: number }>(`SELECT count(*)::int AS missing FROM ${table} WHERE cover_image IS NULL`);
        expect({ table, missing: rows[0]?.missing }).toEqual({ table, missing: 0 });
      }
      expect((await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM communities WHERE image IS NULL"))[0]?.n).toBe(0);
      const series = await t.database.query<{ image: string }>("SELECT cover_image AS image FROM events WHERE series_id IS NOT NULL");
      expect(series.length).toBeGreaterThan(5);
      expect(new Set(series.map((row) => row.image)).size).toBe(series.length);
    });

    it("la API entrega la imagen de un evento y el servidor sirve sus tres tamaños, iguales a los guardados", async () => {
      const list = (await t.request({ url: "/api/events?limit=1" })).json();
      const event = list.data.items[0];
      expect(event.coverImage).toMatch(/^\/uploads\/content\/[0-9a-f-]{36}\/960\.webp$/);
      const key = demoPictures().find((p) => p.kind === "events" && slugify(event.title) === p.key);
      expect(key).toBeDefined();
      for (const width of WIDTHS) {
        const response = await download(`${base}${event.coverImage.replace(/960\.webp$/, `${width}.webp`)}`);
        expect(response.status).toBe(200);
        expect(response.type).toBe("image/webp");
        expect(response.body.equals(fs.readFileSync(demoPictureFile("events", key!.key, width)))).toBe(true);
      }
    });
  });
});


/** The bytes as served, on a connection of its own that closes (so the app can close too). */
function download(url: string): Promise<{ status?: number; type?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, type: response.headers["content-type"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
