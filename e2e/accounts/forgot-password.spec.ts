import { expect, test } from "@playwright/test";
import { createUser, emailLink, openPage, signInThroughUi } from "../support/accounts";

test("olvidé mi contraseña: el enlace del correo abre Plaza, pide una nueva y con ella se entra", async ({ page }) => {
  test.slow();
  const user = await createUser("Olga Olvidadiza", "olvido");
  await openPage(page, "/login-email/");
  await page.getByLabel("Correo electrónico").fill(user.email);

  // Keyboard only: the link-button, the dialog (email already typed), Enter sends.
  await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Restablecer contraseña" });
  await expect(dialog.getByLabel("Correo electrónico")).toHaveValue(user.email);
  await expect(dialog.getByLabel("Correo electrónico")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("status")).toHaveText(/te enviamos un enlace para crear una contraseña nueva/);
  await dialog.getByRole("button", { name: "Cerrar" }).click();

  // The email's link, opened in the app's handler.
  const link = await emailLink(user.email, "PASSWORD_RESET");
  await openPage(page, link);
  await expect(page.getByRole("heading", { name: "Restablecer contraseña" })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  const field = page.getByLabel("Nueva contraseña");
  // Too weak: said next to the field, nothing sent.
  await field.fill("corta");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("A tu contraseña le falta: al menos 8 caracteres, una letra mayúscula y un número.")).toBeVisible();
  const newPassword = "Nueva-Clave-2027";
  await field.fill(newPassword);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByRole("status")).toHaveText("Tu contraseña cambió. Ya puedes iniciar sesión con ella.");

  // The same link cannot be used twice.
  await openPage(page, link);
  await expect(page.getByRole("alert").filter({ hasText: "El enlace no es válido o ya se usó." })).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await openPage(page, "/login-email/");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Correo o contraseña incorrectos." })).toBeVisible();
  await signInThroughUi(page, { ...user, password: newPassword });
});

test("un correo sin cuenta recibe la misma respuesta: no se revela quién tiene cuenta", async ({ page }) => {
  test.slow();
  await openPage(page, "/login-email/");
  await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
  const dialog = page.getByRole("dialog", { name: "Restablecer contraseña" });
  await dialog.getByLabel("Correo electrónico").fill(`nadie-${Date.now()}@e2e.plaza.local`);
  await dialog.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/Si hay una cuenta con ese correo, te enviamos un enlace/);
});
