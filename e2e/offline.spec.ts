import { expect, test } from "@playwright/test";
import { E2E_PORT, freshDataDir, startServer } from "./support/server";
import { waitForOfflineReady } from "./support/pwa";

// A server of its own, so it can be stopped while the browser keeps the app.
const PORT = E2E_PORT + 1;

test("tras una visita en línea, con el servidor detenido, las páginas siguen funcionando", async ({ browser }) => {
  const server = await startServer({ port: PORT, dataDir: freshDataDir("offline") });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await waitForOfflineReady(page);
    await page.goto("/events/visitado/");
    await expect(page.getByTestId("route-id")).toHaveText("visitado");

    await server.stop();
    const offline = await context.request.get("/api/health").catch(() => null);
    expect(offline).toBeNull();

    // Reloading a visited page.
    await page.reload();
    await expect(page.getByTestId("route-id")).toHaveText("visitado");

    // A dynamic id never visited before, by direct load.
    await page.goto("/places/nunca-visto/");
    await expect(page.getByTestId("route-id")).toHaveText("nunca-visto");

    // Client navigation through the main navigation.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link").nth(2).click();
    await expect(page).toHaveURL(/\/news\/$/);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
