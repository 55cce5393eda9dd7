// What keeping each uploaded picture in AVIF as well costs the server and saves the reader: the
// upload pipeline (processImage: one decode, each size in WebP, then the AVIFs in the background)
// beside its floor in the same run, the pipeline as it was before 30/11/2026 (the same decode and
// sizes, WebP only), timed in alternating rounds on the same photo. Prints the median ms per image
// of each (for the pipeline: until the upload can be answered, and until its AVIFs are made) and
// the bytes of each size in each format; asserts nothing.
//
//   node --import tsx bench/image-encode.mjs [--photo foto.jpg] [--kind content|avatar|cover] [--rounds 5]
//
// Without --photo, a 4000 × 3000 JPEG (12 MP, what most phones take) made here from noise at
// several scales, which compresses about as a photo does; with one, that file as the upload.
import fs from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { IMAGE_KINDS, WEBP, processImage } from "../server/storage/images.ts";

const { values } = parseArgs({
  options: { photo: { type: "string" }, kind: { type: "string", default: "content" }, rounds: { type: "string", default: "5" } },
});
const kind = values.kind;
const spec = IMAGE_KINDS[kind];
if (!spec) throw new Error(`--kind: ${Object.keys(IMAGE_KINDS).join(", ")}`);
const rounds = Number(values.rounds);

/** Detail at every scale, as a photo has: coarse shapes, texture, grain. */
async function madePhoto() {
  const layer = async (width, height, sigma) =>
    sharp({ create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma } } })
      .resize(4000, 3000, { kernel: "cubic" })
      .raw()
      .toBuffer();
  const [coarse, middle, fine] = await Promise.all([layer(16, 12, 90), layer(250, 188, 50), layer(4000, 3000, 12)]);
  const mixed = Buffer.alloc(coarse.length);
  for (let i = 0; i < mixed.length; i++) mixed[i] = Math.max(0, Math.min(255, coarse[i] + (middle[i] - 128) * 0.6 + (fine[i] - 128)));
  return sharp(mixed, { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** The pipeline before AVIF: server/storage/images.ts at ffcdd3c, renderVariants, WebP only. */
async function webpOnly(input) {
  const largest = Math.max(...spec.sizes);
  const upright = await sharp(input, { sequentialRead: true })
    .rotate()
    .resize(spec.fit === "square" ? { width: largest, height: largest, fit: "outside", withoutEnlargement: true } : { width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
  const variants = [];
  for (const size of spec.sizes) {
    const resized =
      spec.fit === "square"
        ? sharp(upright.data, raw).resize(size, size, { fit: "cover", position: "attention" })
        : sharp(upright.data, raw).resize({ width: size, withoutEnlargement: true });
    variants.push({ label: String(size), data: await resized.webp(WEBP).toBuffer() });
  }
  return variants;
}

const input = values.photo ? fs.readFileSync(values.photo) : await madePhoto();
const meta = await sharp(input).metadata();
console.log(`Subida: ${values.photo ?? "foto hecha aquí"}, ${meta.width} × ${meta.height} ${meta.format}, ${(input.length / 1024).toFixed(0)} KiB; tipo ${kind}; ${rounds} turnos alternados.\n`);

const times = { floor: [], answered: [], avif: [] };
let result = null;
let avifs = [];
for (let round = 0; round < rounds; round++) {
  // Floor first on even rounds, second on odd ones: a slow stretch falls on both.
  const order = round % 2 === 0 ? ["floor", "avif"] : ["avif", "floor"];
  for (const side of order) {
    const started = performance.now();
    if (side === "floor") {
      await webpOnly(input);
      times.floor.push(performance.now() - started);
    } else {
      result = await processImage(kind, input);
      times.answered.push(performance.now() - started);
      avifs = await result.avifs();
      times.avif.push(performance.now() - started);
    }
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`Solo WebP (el piso, como antes): ${median(times.floor).toFixed(0)} ms por imagen (turnos: ${times.floor.map((t) => t.toFixed(0)).join(" · ")})`);
console.log(`processImage, hasta responder:  ${median(times.answered).toFixed(0)} ms por imagen (turnos: ${times.answered.map((t) => t.toFixed(0)).join(" · ")})`);
console.log(`processImage, con sus AVIF:     ${median(times.avif).toFixed(0)} ms por imagen (turnos: ${times.avif.map((t) => t.toFixed(0)).join(" · ")})`);
console.log(`\nTamaño    WebP       AVIF       AVIF/WebP`);
for (const [i, variant] of result.variants.entries()) {
  const avif = avifs[i];
  const shown = avif ? `${(avif.length / 1024).toFixed(1).padStart(6)} KiB  ${((avif.length / variant.data.length) * 100).toFixed(0).padStart(5)} %` : "  (sin AVIF)";
  console.log(`${variant.label.padEnd(8)} ${(variant.data.length / 1024).toFixed(1).padStart(6)} KiB ${shown}`);
}
