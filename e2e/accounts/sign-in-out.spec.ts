import { expect, test } from "@playwright/test";
import { createUser, persistedCache, queryKeys, signInThroughUi } from "../support/accounts";
import { appStarted } from "../support/app";

const isUserKey = (key: unknown) => Array.isArray(key) && (key[0] === "users" || key[0] === "notifications" || (key[0] === "events" && key[1] === "for-you"));

test("iniciar y cerrar sesión deja vacías las cachés", async ({ page }) => {
  const user = await createUser("Tomás Aguirre", "sesion");

  // A wrong password is refused with a Spanish message.
  await page.goto("/login-email/");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill("Otra-Clave-2026");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Correo o contraseña incorrectos." })).toBeVisible();

  await signInThroughUi(page, user);
  // The profile is in memory and, once the throttle has passed, in IndexedDB.
  expect((await queryKeys(page)).some((key) => JSON.stringify(key) === JSON.stringify(["users", "my-data"]))).toBe(true);
  await expect.poll(async () => (await persistedCache(page))?.queries.some((q) => JSON.stringify(q.queryKey) === '["users","my-data"]')).toBe(true);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/");
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Perfil" }).click();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByText(user.name)).toHaveCount(0);

  // Nothing of the user is left: not in React Query, not in the persisted copy.
  expect((await queryKeys(page)).filter(isUserKey)).toEqual([]);
  await page.waitForTimeout(1500);
  const persisted = await persistedCache(page);
  expect((persisted?.queries ?? []).map((q) => q.queryKey).filter(isUserKey)).toEqual([]);
  expect(persisted?.mutations ?? []).toEqual([]);

  // And after a reload the app still knows nobody is signed in.
  await page.reload();
  await appStarted(page);
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
});
