import { expect, test } from "@playwright/test";
import { DYNAMIC_ROUTES, STATIC_ROUTES } from "../lib/routes";
import { pathFor } from "../lib/paths";
import { appStarted } from "./support/app";

const NOT_FOUND = "Página no encontrada";

// Pages the panel layout sends non-admins away from are checked in the accounts journeys.
const PUBLIC_STATIC = STATIC_ROUTES.filter((r) => !r.startsWith("/panel"));

test.describe("Cada ruta de la tabla tiene su propia página", () => {
  for (const route of PUBLIC_STATIC) {
    test(`carga directa de ${route}`, async ({ page }) => {
      const response = await page.goto(route === "/" ? "/" : `${route}/`);
      expect(response?.status()).toBe(200);
      await appStarted(page);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: NOT_FOUND })).toHaveCount(0);
    });
  }

  for (const route of DYNAMIC_ROUTES) {
    const id = "demo-id-42";
    test(`carga directa de ${route} con un id real`, async ({ page }) => {
      const response = await page.goto(pathFor(route, id));
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("route-id")).toHaveText(id);
      await expect(page.getByRole("heading", { name: NOT_FOUND })).toHaveCount(0);
    });
  }
});

test("una ruta desconocida muestra la página de no encontrado con estado 404", async ({ page }) => {
  const response = await page.goto("/esto-no-existe/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  await page.getByRole("link", { name: /inicio/i }).first().click();
  await expect(page).toHaveURL("/");
});

test("una ruta dinámica muestra el id de su URL en carga directa, recarga y navegación del cliente", async ({ page }) => {
  await page.goto("/events/evento-uno/");
  await expect(page.getByTestId("route-id")).toHaveText("evento-uno");
  await page.reload();
  await expect(page.getByTestId("route-id")).toHaveText("evento-uno");

  // Client navigation (the app router's push, what a <Link> click runs) between two ids of the
  // same route and to another route: no document load, and the page follows the URL.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const push = (href: string) =>
    page.evaluate((h) => (window as unknown as { next: { router: { push: (h: string) => void } } }).next.router.push(h), href);
  await push("/events/evento-dos/");
  await expect(page).toHaveURL(/\/events\/evento-dos\/$/);
  await expect(page.getByTestId("route-id")).toHaveText("evento-dos");
  await push("/profile/usuario-123/");
  await expect(page.getByTestId("route-id")).toHaveText("usuario-123");
  await page.goBack();
  await expect(page.getByTestId("route-id")).toHaveText("evento-dos");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
