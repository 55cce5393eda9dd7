// The only reader of NEXT_PUBLIC_* variables. Next inlines each `process.env.NEXT_PUBLIC_X` at
// build time only when written out literally, so every variable is read here by its full name.
import catalogue from "./brands/brands.json";

function flag(value: string | undefined): boolean {
  return value === "true";
}

function text(value: string | undefined, fallback: string): string {
  return value === undefined || value.trim() === "" ? fallback : value.trim();
}

type BrandId = keyof typeof catalogue.brands;

/**
 * Which city brand the build is (lib/brands/brands.json): NEXT_PUBLIC_BRAND, else "saltillo-vivo"
 * with NEXT_PUBLIC_SALTILLO_VIVO=true, else "plaza". scripts/lib/brand-assets.mjs resolves the
 * same way for the manifest and icons (and the build passes its answer as NEXT_PUBLIC_BRAND).
 */
const brandId: BrandId = (() => {
  const id = text(process.env.NEXT_PUBLIC_BRAND, flag(process.env.NEXT_PUBLIC_SALTILLO_VIVO) ? "saltillo-vivo" : "plaza");
  if (!Object.hasOwn(catalogue.brands, id)) throw new Error(`NEXT_PUBLIC_BRAND="${id}" no existe en lib/brands/brands.json.`);
  return id as BrandId;
})();

/** City-branded variant "Saltillo Vivo" (docs/product.md#scope); false by default. */
export const isSaltilloVivo = brandId === "saltillo-vivo";

/** Development affordances; false unless explicitly enabled (docs/product.md#scope). */
export const isDev = flag(process.env.NEXT_PUBLIC_IS_DEV);

/** Base of every API call; same origin by default so the service worker and cookies agree. */
export const apiBaseUrl = text(process.env.NEXT_PUBLIC_API_BASE_URL, "/api").replace(/\/+$/, "");

export const firebaseConfig = {
  apiKey: text(process.env.NEXT_PUBLIC_FIREBASE_API_KEY, "demo-api-key"),
  authDomain: text(process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN, "demo-plaza.firebaseapp.com"),
  projectId: text(process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID, "demo-plaza"),
  appId: text(process.env.NEXT_PUBLIC_FIREBASE_APP_ID, ""),
} as const;

/**
 * Auth emulator origin. Unset means the local emulator; an explicit empty string means a real
 * Firebase project, which is why this does not use `text()`'s fallback for "".
 */
export const authEmulatorUrl: string | null = (() => {
  const raw = process.env.NEXT_PUBLIC_AUTH_EMULATOR_URL;
  if (raw === undefined) return "http://127.0.0.1:9099";
  const trimmed = raw.trim();
  return trimmed === "" ? null : trimmed;
})();

/** Identifies the deployment: shown in the footer and used to bust the persisted query cache. */
export const buildId = text(process.env.NEXT_PUBLIC_BUILD_ID, "dev");

/** The service worker only exists in the exported build, never under `next dev`. */
export const serviceWorkerEnabled = process.env.NODE_ENV === "production";

/** Name, colours and description of the build's brand; its manifest and icons come from the same entry. */
export const brand = { id: brandId, ...catalogue.brands[brandId] };

/** Apple's launch screens (written by scripts/lib/brand-assets.mjs), one per portrait screen size. */
export const appleStartupImages = catalogue.appleSplash.map(({ width, height, ratio }) => ({
  url: `/icons/splash-${width}x${height}.png`,
  media: `(device-width: ${width / ratio}px) and (device-height: ${height / ratio}px) and (-webkit-device-pixel-ratio: ${ratio}) and (orientation: portrait)`,
}));

/** Map tiles (a `{z}/{x}/{y}` template) and their attribution; OpenStreetMap's by default. */
export const mapTileUrl = text(process.env.NEXT_PUBLIC_MAP_TILE_URL, "https://tile.openstreetmap.org/{z}/{x}/{y}.png");
export const mapAttribution = text(process.env.NEXT_PUBLIC_MAP_ATTRIBUTION, "© OpenStreetMap");
