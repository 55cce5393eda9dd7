import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

// The demo's pictures are drawings: flat colour compresses to 15–18 KB at 960 px, and an
// organiser's phone photo to three or four times that. A browser benchmark measures the pages as
// they will be with photos by writing photos over the pictures the seed stored, file by file,
// at each file's own size and as the store keeps an upload (WebP at quality 80 and effort 4, and
// the AVIF beside it at quality 50 and effort 1: server/storage/images.ts, processImage).

const PHOTO = /\.(jpe?g|png|webp|avif)$/i;

/**
 * Every stored picture under `uploadsDir` (`<kind>/<uuid>/<width>.webp` and `.avif`) becomes one of
 * the photos in `photosDir`, in turn, cropped to that file's width and height. With `webpOnly` the
 * AVIF files are removed instead, so every browser gets the WebP, as before 30/11/2026. Returns how
 * many pictures and the mean size of the files a phone's browser gets (960 px wide).
 */
export async function replacePicturesWithPhotos(uploadsDir, photosDir, { webpOnly = false } = {}) {
  const photos = fs
    .readdirSync(photosDir)
    .filter((name) => PHOTO.test(name))
    .sort()
    .map((name) => path.join(photosDir, name));
  if (photos.length === 0) throw new Error(`${photosDir} no tiene fotos (JPEG, PNG, WebP o AVIF)`);
  const folders = fs
    .readdirSync(uploadsDir, { recursive: true })
    .filter((file) => file.endsWith(".webp"))
    .map((file) => path.dirname(path.join(uploadsDir, file)));
  const pictures = [...new Set(folders)].sort();
  let phoneBytes = 0;
  let phoneFiles = 0;
  for (const folder of pictures) {
    // Chosen by the drawing the folder holds, not by its random key: every seed, and so every
    // server of a side-by-side, puts the same photo on the same item.
    const drawing = fs
      .readdirSync(folder)
      .sort()
      .find((file) => file.endsWith(".webp"));
    const photo = photos[createHash("sha256").update(fs.readFileSync(path.join(folder, drawing))).digest().readUInt32BE(0) % photos.length];
    for (const name of fs.readdirSync(folder).filter((file) => file.endsWith(".webp"))) {
      const file = path.join(folder, name);
      const avifFile = file.replace(/\.webp$/, ".avif");
      const { width, height } = await sharp(file).metadata();
      const resized = () => sharp(photo).rotate().resize({ width, height, fit: "cover" });
      const data = await resized().webp({ quality: 80, effort: 4 }).toBuffer();
      fs.writeFileSync(file, data);
      let served = data;
      fs.rmSync(avifFile, { force: true });
      if (!webpOnly) {
        // As processImage does: the AVIF stays only where it is smaller.
        const avif = await resized().avif({ quality: 50, effort: 1 }).toBuffer();
        if (avif.length < data.length) {
          fs.writeFileSync(avifFile, avif);
          served = avif;
        }
      }
      if (width === 960) {
        phoneBytes += served.length;
        phoneFiles += 1;
      }
    }
  }
  return { pictures: pictures.length, phoneKiB: phoneFiles ? phoneBytes / phoneFiles / 1024 : 0 };
}
