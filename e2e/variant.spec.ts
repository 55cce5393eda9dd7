import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_PORT, ROOT, freshDataDir, startServer } from "./support/server";
import { secondDeployment } from "./support/variant-build";

// What a phone shows when it installs the app: the manifest's name and colours, its icons (right
// sizes, a maskable one), the page title and Apple's meta tags and launch screens. The city
// variant must show Saltillo Vivo's everywhere, and the default build Plaza's.

const PORT = E2E_PORT + 3;

const hexOf = (rgb: Uint8Array) => `#${Array.from(rgb, (n) => n.toString(16).padStart(2, "0")).join("")}`;

async function png(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect({ url, status: res.status(), type: res.headers()["content-type"] }).toEqual({ url, status: 200, type: "image/png" });
  const image = sharp(await res.body());
  const { width, height } = await image.metadata();
  const { data } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { size: `${width}x${height}`, corner: hexOf(data.subarray(0, 3)) };
}

async function expectIdentity(page: Page, brand: { name: string; themeColor: string; backgroundColor: string }) {
  await page.goto("/");
  await expect(page).toHaveTitle(brand.name);
  await expect(page.getByRole("heading", { level: 1, name: brand.name })).toBeVisible();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", brand.themeColor);
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", brand.name);

  const request = page.context().request;
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: brand.name, short_name: brand.name, theme_color: brand.themeColor, background_color: brand.backgroundColor, start_url: "/", display: "standalone" });

  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable", "any any"]);
  for (const icon of icons.filter((i) => i.type === "image/png")) {
    const image = await png(request, icon.src);
    expect({ src: icon.src, size: image.size }).toEqual({ src: icon.src, size: icon.sizes });
  }
  // Maskable icons are cropped to any shape: the brand colour reaches every edge.
  expect((await png(request, icons.find((i) => i.purpose === "maskable")!.src)).corner).toBe(brand.themeColor);
  const svg = await request.get(icons.find((i) => i.type === "image/svg+xml")!.src);
  expect(await svg.text()).toContain(`fill="${brand.themeColor}"`);

  const appleIcon = await png(request, (await page.locator('link[rel="apple-touch-icon"]').getAttribute("href"))!);
  expect(appleIcon).toEqual({ size: "180x180", corner: brand.themeColor });
  expect((await png(request, (await page.locator('link[rel="icon"][sizes="32x32"]').getAttribute("href"))!)).size).toBe("32x32");

  // Launch screens: one per portrait screen in the media query, on the brand's background.
  const splashes = page.locator('link[rel="apple-touch-startup-image"]');
  expect(await splashes.count()).toBeGreaterThanOrEqual(4);
  for (const link of await splashes.all()) {
    const media = (await link.getAttribute("media"))!;
    const [, width, height, ratio] = /device-width: (\d+)px\) and \(device-height: (\d+)px\) and \(-webkit-device-pixel-ratio: (\d+)\)/.exec(media)!;
    const image = await png(request, (await link.getAttribute("href"))!);
    expect(image).toEqual({ size: `${Number(width) * Number(ratio)}x${Number(height) * Number(ratio)}`, corner: brand.backgroundColor });
  }
}

test("la versión de Plaza se instala como Plaza", async ({ page }) => {
  // A dozen images fetched and decoded (launch screens up to 2048×2732).
  test.setTimeout(180_000);
  await expectIdentity(page, { name: "Plaza", themeColor: "#0f5c63", backgroundColor: "#f7f7f5" });
});

test("la variante Saltillo Vivo se instala como Saltillo Vivo: manifiesto, iconos, título y pantallas de inicio", async ({ browser }) => {
  // The variant is a whole second build (next build, icons, service worker), shared with update.spec.ts.
  test.setTimeout(1_800_000);
  const { exportDir } = await secondDeployment();
  const server = await startServer({ port: PORT, dataDir: freshDataDir("variant"), staticDir: path.relative(ROOT, exportDir) });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await expectIdentity(await context.newPage(), { name: "Saltillo Vivo", themeColor: "#b3261e", backgroundColor: "#fbf6f2" });
  } finally {
    await context.close();
    await server.stop();
  }
});
