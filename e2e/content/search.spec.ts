import { expect, test } from "@playwright/test";

test("la búsqueda espera a que termines de escribir y agrupa los resultados por tipo", async ({ page }) => {
  let searches = 0;
  await page.route("**/api/search?**", (route) => {
    searches += 1;
    return route.continue();
  });
  await page.goto("/search/");
  await expect(page.getByText("Cargando...")).toBeHidden();
  const box = page.getByRole("searchbox", { name: "¿Qué buscas?" });
  await expect(box).toBeEditable();
  await box.pressSequentially("teatro", { delay: 40 });
  await expect(page.getByRole("region", { name: /Lugares/ }).getByRole("link", { name: "Teatro Fernando Soler" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Eventos/ }).getByRole("link").first()).toBeVisible();
  // Debounced: one request for the whole word, not one per letter.
  expect(searches).toBeLessThanOrEqual(2);
  await expect(page).toHaveURL(/\/search\/\?q=teatro$/);

  // Accents and capitals do not matter.
  await box.fill("MÚSICA");
  await expect(page.getByRole("region", { name: /Eventos/ }).getByRole("link").first()).toBeVisible();

  await box.fill("zzzqqq");
  await expect(page.getByText("Sin resultados para «zzzqqq».")).toBeVisible();
});

test.describe("antes de que cargue el código", () => {
  test.use({ javaScriptEnabled: false });

  test("la búsqueda ya muestra su encabezado y su campo, que se activa con la página", async ({ page }) => {
    await page.goto("/search/?q=teatro");
    await expect(page.getByRole("heading", { level: 1, name: "Búsqueda" })).toBeVisible();
    await expect(page.getByText("Eventos, lugares, noticias, comunidades y personas.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar eventos con filtros" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "¿Qué buscas?" })).toBeDisabled();
  });
});
