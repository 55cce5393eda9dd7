import { expect, test } from "@playwright/test";
import { apiCall, createUser, signInIdentity, signInThroughUi } from "../support/accounts";

async function askToDelete(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "Borrar mi cuenta" }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Borrar tu cuenta?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Borrar mi cuenta" }).click();
}

test("con un inicio de sesión reciente, la cuenta se borra y se vuelve a la raíz", async ({ page }) => {
  const user = await createUser("Bruno Borrado", "borrar");
  await signInThroughUi(page, user);
  await askToDelete(page);

  const done = page.getByRole("alertdialog", { name: "Cuenta borrado con éxito" });
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Perfil" }).click();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();

  // The identity and the profile are gone.
  await expect(signInIdentity(user.email, user.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID/);
  expect((await apiCall("GET", `/users/${user.uid}`)).status).toBe(404);
});

test("con un inicio de sesión de hace más de 10 minutos, pide volver a iniciar sesión y cierra la sesión", async ({ page }) => {
  const user = await createUser("Olga Antigua", "antigua");
  // The device's clock runs 11 minutes ahead of the sign-in the emulator records (auth_time):
  // to the app, the sign-in happened 11 minutes ago.
  await page.clock.install({ time: new Date(Date.now() + 11 * 60 * 1000) });
  await signInThroughUi(page, user);
  await askToDelete(page);

  const again = page.getByRole("alertdialog", { name: "Vuelve a iniciar sesión para hacer esto" });
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Perfil" }).click();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();

  // Nothing was deleted.
  expect((await apiCall("GET", `/users/${user.uid}`)).status).toBe(200);
  await expect(signInIdentity(user.email, user.password)).resolves.toMatchObject({ uid: user.uid });
});
