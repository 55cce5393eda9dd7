import { expect, test } from "@playwright/test";
import { TEST_PASSWORD, uniqueEmail } from "../support/accounts";
import { appStarted } from "../support/app";

test("crear una cuenta con correo lleva al perfil propio", async ({ page }) => {
  const email = uniqueEmail("registro");
  await page.goto("/register/");
  await appStarted(page);

  await page.getByLabel("Nombre").fill("Lucía Ramos");
  await page.getByLabel("Correo electrónico").fill(email);

  // A weak password says what it is missing, before anything is sent.
  await page.getByLabel("Contraseña", { exact: true }).fill("corta");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("A tu contraseña le falta: al menos 8 caracteres, una letra mayúscula y un número.")).toBeVisible();
  await expect(page).toHaveURL(/\/register\/$/);

  await page.getByLabel("Contraseña", { exact: true }).fill(TEST_PASSWORD);
  await expect(page.getByRole("list", { name: "Requisitos de la contraseña" }).getByText("(pendiente)")).toHaveCount(0);
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { name: "Lucía Ramos" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId("followers-count")).toHaveText("0 seguidores");

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Lucía Ramos" })).toBeVisible();
});
