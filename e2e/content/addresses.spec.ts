import { expect, test } from "@playwright/test";
import { newAccount, signIn } from "./support";

test("direcciones: sin servicio de búsqueda se escriben a mano, se editan y se borran", async ({ page }) => {
  const person = await newAccount("Carmen Prueba");
  await signIn(page, person);
  await page.goto("/addresses/index/");
  await expect(page.getByText("Aún no guardas direcciones.")).toBeVisible();
  await page.getByRole("link", { name: "Agregar dirección" }).first().click();

  // This machine reaches no geocoder: the lookup says so and the form stays usable.
  await page.getByLabel("Buscar dirección").fill("Calle Victoria 250, Saltillo");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("status").filter({ hasText: /escríbela a mano/ })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel("Nombre de la dirección").fill("Casa");
  await page.getByLabel("Calle").fill("Calle Victoria");
  await page.getByLabel("Número").fill("250");
  await page.getByLabel("Colonia").fill("Zona Centro");
  await page.getByLabel("Código postal").fill("25000");
  await page.getByRole("button", { name: "Guardar dirección" }).click();
  await expect(page).toHaveURL(/\/addresses\/index\/$/);
  const list = page.getByRole("list", { name: "Mis direcciones" });
  await expect(list).toContainText("Casa");
  await expect(list).toContainText("Calle Victoria 250, Zona Centro, 25000 Saltillo, Coahuila");

  await page.getByRole("link", { name: "Editar Casa" }).click();
  await expect(page.getByLabel("Calle")).toHaveValue("Calle Victoria");
  await page.getByLabel("Nombre de la dirección").fill("Casa de mamá");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(list).toContainText("Casa de mamá");

  await page.getByRole("button", { name: "Borrar Casa de mamá" }).click();
  await page.getByRole("dialog", { name: "¿Borrar «Casa de mamá»?" }).getByRole("button", { name: "Borrar" }).click();
  await expect(page.getByText("Aún no guardas direcciones.")).toBeVisible();
});
