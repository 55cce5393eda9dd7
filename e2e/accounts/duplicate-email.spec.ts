import { expect, test } from "@playwright/test";
import { TEST_PASSWORD, createUser } from "../support/accounts";
import { appStarted } from "../support/app";

test("registrarse con un correo que ya existe dice 'El correo introducido ya existe.'", async ({ page }) => {
  const existing = await createUser("Primera Persona", "duplicado");
  await page.goto("/register/");
  await appStarted(page);
  await page.getByLabel("Nombre").fill("Segunda Persona");
  await page.getByLabel("Correo electrónico").fill(existing.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "El correo introducido ya existe." })).toBeVisible();
  await expect(page).toHaveURL(/\/register\/$/);
});
