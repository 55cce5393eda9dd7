import { expect, test, type Page } from "@playwright/test";
import { createUser, emailLink, openPage, signInThroughUi, uniqueEmail } from "../support/accounts";

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/");
}

async function signInFails(page: Page, email: string, password: string, message = "Correo o contraseña incorrectos.") {
  await openPage(page, "/login-email/");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
}

test("cambiar la contraseña: pide la actual, confirma, y después solo entra la nueva", async ({ page }) => {
  test.slow();
  const user = await createUser("Carla Cambia", "clave");
  await signInThroughUi(page, user);
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  const form = page.getByRole("form", { name: "Cambiar contraseña" });

  // A wrong current password is said next to its field.
  await form.getByLabel("Contraseña actual").fill("No-Es-La-Mia-1");
  await form.getByLabel("Nueva contraseña").fill("Otra-Clave-2027");
  await form.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(form.getByLabel("Contraseña actual")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("La contraseña actual no es correcta.")).toBeVisible();

  // Keyboard only from here: fix the field, Enter submits.
  await form.getByLabel("Contraseña actual").fill(user.password);
  await form.getByLabel("Contraseña actual").press("Enter");
  await expect(page.getByText("Tu contraseña cambió")).toBeVisible();
  await expect(form).toHaveCount(0);

  await signOut(page);
  await signInFails(page, user.email, user.password);
  await signInThroughUi(page, { ...user, password: "Otra-Clave-2027" });
});

test("cambiar el correo: el enlace va al nuevo, al abrirlo cambia y se entra con él", async ({ page }) => {
  test.slow();
  const user = await createUser("Elena Emigra", "correo-viejo");
  const newEmail = uniqueEmail("correo-nuevo");
  await signInThroughUi(page, user);
  await page.getByRole("button", { name: "Cambiar correo" }).click();
  const form = page.getByRole("form", { name: "Cambiar correo" });
  await form.getByLabel("Nuevo correo").fill(newEmail);
  await form.getByLabel("Contraseña actual").fill(user.password);
  await form.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Te enviamos un enlace a ${newEmail}` })).toBeVisible();
  // Nothing changes until the link is followed.
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();

  await openPage(page, await emailLink(newEmail, "VERIFY_AND_CHANGE_EMAIL"));
  await expect(page.getByRole("status")).toHaveText(`Listo: tu correo ahora es ${newEmail}. Inicia sesión con él.`);
  await page.getByRole("link", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/login-email\/$/);

  // The old address has no account any more (user-not-found reads as user-mismatch, docs/product.md#errors).
  await signInFails(page, user.email, user.password, "La cuenta no coincide con la que tiene la sesión iniciada.");
  await signInThroughUi(page, { ...user, email: newEmail });
  // The profile shows the new address (the server took it from the new session's token).
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);
  await expect(page.getByTestId("email-status")).toHaveText("Correo verificado");
});

test("cambiar el correo a uno que ya tiene cuenta se explica en español", async ({ page }) => {
  test.slow();
  const user = await createUser("Iris Insiste", "ocupa");
  const other = await createUser("Otro Dueño", "dueno");
  await signInThroughUi(page, user);
  await page.getByRole("button", { name: "Cambiar correo" }).click();
  const form = page.getByRole("form", { name: "Cambiar correo" });
  await form.getByLabel("Nuevo correo").fill(other.email);
  await form.getByLabel("Contraseña actual").fill(user.password);
  await form.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(form.getByRole("alert")).toHaveText("El correo introducido ya existe.");
});
