// The installable identity of a build, from its entry in lib/brands/brands.json and its mark
// lib/brands/<id>.svg (white on transparent, 64×64 viewBox): the web app manifest, the icons
// (192, 512, maskable 512, Apple touch 180, favicon 32, SVG) and the Apple splash screens,
// written into the export after `next build` and before `serwist build` (so they are precached).
// Adding a city is one entry in brands.json plus its mark. `lib/config.ts` reads the same file for
// the page's title, theme colour and Apple meta tags.
//
//   node scripts/lib/brand-assets.mjs [outDir]     (brand from NEXT_PUBLIC_BRAND / NEXT_PUBLIC_SALTILLO_VIVO)
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ROOT, isMainModule } from "./processes.mjs";

const BRANDS_DIR = path.join(ROOT, "lib", "brands");
const catalogue = JSON.parse(fs.readFileSync(path.join(BRANDS_DIR, "brands.json"), "utf8"));

/** The brand a build is for: NEXT_PUBLIC_BRAND, else "saltillo-vivo" with NEXT_PUBLIC_SALTILLO_VIVO=true, else "plaza". */
export function brandIdFrom(env = process.env) {
  const id = env.NEXT_PUBLIC_BRAND?.trim() || (env.NEXT_PUBLIC_SALTILLO_VIVO === "true" ? "saltillo-vivo" : "plaza");
  if (!catalogue.brands[id]) {
    throw new Error(`NEXT_PUBLIC_BRAND="${id}" no existe en lib/brands/brands.json (hay: ${Object.keys(catalogue.brands).join(", ")}).`);
  }
  return id;
}

/** The mark's drawing without its <svg> wrapper, to place on each icon's background. */
function markOf(id) {
  const svg = fs.readFileSync(path.join(BRANDS_DIR, `${id}.svg`), "utf8");
  return svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
}

const svgDoc = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
/** The mark scaled to `size` px at (x, y). */
const placed = (mark, x, y, size) => `<g transform="translate(${x} ${y}) scale(${size / 64})">${mark}</g>`;

/** Every icon: [file, svg source, size]. Maskable keeps the mark in the 80% safe zone. */
function iconSources(brand, mark) {
  const bg = brand.themeColor;
  const rounded = (size) => svgDoc(size, size, `<rect width="${size}" height="${size}" rx="${size / 4}" fill="${bg}"/>${placed(mark, 0, 0, size)}`);
  const fullBleed = (size, scale) => svgDoc(size, size, `<rect width="${size}" height="${size}" fill="${bg}"/>${placed(mark, (size * (1 - scale)) / 2, (size * (1 - scale)) / 2, size * scale)}`);
  return [
    ["icon-192.png", rounded(192)],
    ["icon-512.png", rounded(512)],
    ["maskable-512.png", fullBleed(512, 0.6)],
    // Apple rounds the corners itself and shows transparency as black: full bleed.
    ["apple-touch-icon.png", fullBleed(180, 0.8)],
    ["favicon-32.png", rounded(32)],
  ];
}

/** A splash screen: the app's icon centred on its background colour (what Android draws from the manifest). */
function splashSource(brand, mark, { width, height }) {
  const icon = Math.round(Math.min(width, height) * 0.3);
  const x = (width - icon) / 2;
  const y = (height - icon) / 2;
  return svgDoc(width, height, `<rect width="${width}" height="${height}" fill="${brand.backgroundColor}"/><rect x="${x}" y="${y}" width="${icon}" height="${icon}" rx="${icon / 4}" fill="${brand.themeColor}"/>${placed(mark, x, y, icon)}`);
}

export const splashFile = ({ width, height }) => `splash-${width}x${height}.png`;

export function manifestFor(brand) {
  return {
    name: brand.name,
    short_name: brand.shortName,
    description: brand.description,
    lang: "es-MX",
    dir: "ltr",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: brand.backgroundColor,
    theme_color: brand.themeColor,
    categories: ["events", "lifestyle", "news", "social"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}

/** Writes the manifest, icons and splash screens of the build's brand into `outDir`. */
export async function writeBrandAssets(outDir, env = process.env) {
  const id = brandIdFrom(env);
  const brand = catalogue.brands[id];
  const mark = markOf(id);
  const icons = path.join(outDir, "icons");
  fs.mkdirSync(icons, { recursive: true });
  fs.writeFileSync(path.join(outDir, "manifest.webmanifest"), `${JSON.stringify(manifestFor(brand), null, 2)}\n`);
  fs.writeFileSync(path.join(icons, "icon.svg"), `${svgDoc(64, 64, `<rect width="64" height="64" rx="16" fill="${brand.themeColor}"/>${mark}`)}\n`);
  const renders = [
    ...iconSources(brand, mark),
    ...catalogue.appleSplash.map((screen) => [splashFile(screen), splashSource(brand, mark, screen)]),
  ];
  await Promise.all(renders.map(([file, svg]) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(path.join(icons, file))));
  return { id, name: brand.name, files: renders.length + 2 };
}

if (isMainModule(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, "out"));
  const { name, files } = await writeBrandAssets(outDir);
  console.log(`[build] Identidad «${name}»: ${files} archivos en ${path.relative(ROOT, outDir) || "."}.`);
}
