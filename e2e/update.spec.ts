import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT, ROOT, freshDataDir, startServer } from "./support/server";
import { waitForOfflineReady } from "./support/pwa";
import { secondDeployment } from "./support/variant-build";

// An update reaches an open app through the service worker, blocked for other journeys (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const PORT = E2E_PORT + 2;

test("una nueva versión desplegada muestra el aviso y 'Recargar' la trae", async ({ browser }) => {
  test.setTimeout(600_000);
  const stamp = JSON.parse(fs.readFileSync(path.join(ROOT, "out", ".plaza-build.json"), "utf8")) as { buildId: string };
  // The new version is the run's second build (the Saltillo Vivo variant, which variant.spec.ts
  // also installs): what matters here is only that it is another build with another id.
  const { buildId: newBuildId, exportDir: newExport } = await secondDeployment();

  const dataDir = freshDataDir("update");
  let server = await startServer({ port: PORT, dataDir, staticDir: "out" });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await waitForOfflineReady(page);
    await expect(page.getByText(`Versión ${stamp.buildId}`)).toBeVisible();
    await page.getByRole("button", { name: "Cerrar" }).click();
    await expect(page.getByText("App lista para trabajar offline")).toBeHidden();

    // Deploy: the same origin now serves the new export.
    await server.stop();
    server = await startServer({ port: PORT, dataDir, staticDir: path.relative(ROOT, newExport) });

    await page.reload();
    await expect(page.getByText("Nuevo contenido disponible")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Click en el botón de recargar para actualizar la app")).toBeVisible();
    // Still the old version until the user asks for the new one: never a reload by itself.
    await expect(page.getByText(`Versión ${stamp.buildId}`)).toBeVisible();

    await page.getByRole("button", { name: "Recargar" }).click();
    await expect(page.getByText(`Versión ${newBuildId}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Nuevo contenido disponible")).toBeHidden();
  } finally {
    await context.close();
    await server.stop();
  }
});
