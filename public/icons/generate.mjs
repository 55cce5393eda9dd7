// Regenerates the PNG icons from the SVG mark: `node public/icons/generate.mjs`.
// The PNGs are committed; this only runs when the mark changes.
import { fileURLToPath } from "node:url";
import path from "node:path";
import sharp from "sharp";

const dir = path.dirname(fileURLToPath(import.meta.url));
const BG = "#0f5c63";
const MARK = '<path d="M14 46V26l18-12 18 12v20H38V34H26v12z" fill="#ffffff"/>';

/** Rounded square icon (purpose "any"). */
const rounded = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" rx="16" fill="${BG}"/>${MARK}</svg>`;

/** Full-bleed background with the mark inside the 80% safe zone (purpose "maskable"). */
const maskable = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" fill="${BG}"/><g transform="translate(12.8 12.8) scale(0.6)">${MARK}</g></svg>`;

/** Apple draws its own rounded corners and ignores transparency: full bleed, slightly padded. */
const apple = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" fill="${BG}"/><g transform="translate(6.4 6.4) scale(0.8)">${MARK}</g></svg>`;

const outputs = [
  ["icon-192.png", rounded(192)],
  ["icon-512.png", rounded(512)],
  ["maskable-512.png", maskable(512)],
  ["apple-touch-icon.png", apple(180)],
];

for (const [name, svg] of outputs) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(path.join(dir, name));
  console.log(`icons/${name}`);
}
