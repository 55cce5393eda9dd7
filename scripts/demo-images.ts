// Draws the demo content's pictures (server/db/demo-art.ts) and keeps what the upload pipeline
// makes of them in server/db/demo-images/, which the seed copies on a first start:
//
//   npm run demo:images
//
// Run it after adding, renaming or retitling a demo item (its test says which are missing).
// Each drawing goes in as a designer would send it (a PNG) and comes out as the server stores any
// upload: WebP at 480, 960 and 1600 px wide, and AVIF where smaller, through processImage.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { demoArtSvg } from "../server/db/demo-art";
import { DEMO_IMAGES_DIR, demoPictureFile } from "../server/db/demo-pictures";
import { demoPictures } from "../server/db/seed-content";
import { processImage } from "../server/storage/images";

async function main(): Promise<void> {
  const pictures = demoPictures();
  await fs.rm(DEMO_IMAGES_DIR, { recursive: true, force: true });
  let bytes = 0;
  for (const picture of pictures) {
    const upload = await sharp(Buffer.from(demoArtSvg(picture.key, picture.theme))).png().toBuffer();
    const processed = await processImage("content", upload);
    const avifs = await processed.avifs();
    for (const [i, variant] of processed.variants.entries()) {
      const file = demoPictureFile(picture.kind, picture.key, Number(variant.label));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, variant.data);
      bytes += variant.data.length;
      // Only where the AVIF came out smaller than the WebP (processImage keeps it only then).
      const avif = avifs[i];
      if (!avif) continue;
      await fs.writeFile(demoPictureFile(picture.kind, picture.key, Number(variant.label), "avif"), avif);
      bytes += avif.length;
    }
  }
  console.log(`${pictures.length} imágenes de demostración en ${path.relative(process.cwd(), DEMO_IMAGES_DIR)} (${Math.round(bytes / 1024)} KiB).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
