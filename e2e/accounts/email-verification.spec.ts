import { expect, test } from "@playwright/test";
import { emailCount, emailLink, openPage, TEST_PASSWORD, uniqueEmail } from "../support/accounts";

test("registro → aviso de verificación → publicar se niega → abrir el enlace → el aviso se va → publicar funciona", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("verificar-correo");
  await openPage(page, "/register/");
  await page.getByLabel("Nombre").fill("Vera Verifica");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/profile\/$/);

  // The sign-up sent the verification email; the banner says so, the profile too.
  const banner = page.getByRole("region", { name: "Verifica tu correo" });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId("email-status")).toHaveText("Sin verificar");
  await expect.poll(() => emailCount(email, "VERIFY_EMAIL")).toBe(1);
  await banner.getByRole("button", { name: "Reenviar correo" }).click();
  await expect(banner.getByRole("status")).toHaveText(/Te enviamos un nuevo enlace/);
  await expect.poll(() => emailCount(email, "VERIFY_EMAIL")).toBe(2);

  // Publishing is refused by the server, with what to do.
  const community = `Lectores del parque ${Date.now().toString(36)}`;
  await openPage(page, "/communities/create/");
  await page.getByLabel("Nombre").fill(community);
  await page.getByLabel("Descripción").fill("Leemos los domingos.");
  await page.getByRole("button", { name: "Crear comunidad" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Verifica tu correo para publicar" })).toBeVisible();
  await expect(page).toHaveURL(/\/communities\/create\/$/);

  // The link of the email, in the same browser.
  await openPage(page, await emailLink(email, "VERIFY_EMAIL"));
  await expect(page.getByRole("status")).toHaveText("Tu correo quedó verificado. Ya puedes publicar.");
  await expect(page.getByRole("region", { name: "Verifica tu correo" })).toHaveCount(0);
  await page.getByRole("link", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByTestId("email-status")).toHaveText("Correo verificado");

  await openPage(page, "/communities/create/");
  await page.getByLabel("Nombre").fill(community);
  await page.getByLabel("Descripción").fill("Leemos los domingos.");
  await page.getByRole("button", { name: "Crear comunidad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: community })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Verifica tu correo" })).toHaveCount(0);
});

test("verificado en otra pestaña: el aviso se va al volver a esta", async ({ page, context }) => {
  test.slow();
  const email = uniqueEmail("otra-pestana");
  await openPage(page, "/register/");
  await page.getByLabel("Nombre").fill("Pia Pestañas");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("region", { name: "Verifica tu correo" })).toBeVisible();

  const other = await context.newPage();
  await openPage(other, await emailLink(email, "VERIFY_EMAIL"));
  await expect(other.getByRole("status")).toHaveText("Tu correo quedó verificado. Ya puedes publicar.");
  await other.close();

  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByRole("region", { name: "Verifica tu correo" })).toHaveCount(0);
  await expect(page.getByTestId("email-status")).toHaveText("Correo verificado");
});
