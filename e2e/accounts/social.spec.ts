import { expect, test } from "@playwright/test";
import {
  completeProviderDialog,
  countRequests,
  createUser,
  signInThroughUi,
  signInWithProviderRest,
  uniqueEmail,
} from "../support/accounts";

// Redirect sign-in cannot finish offline (the SDK loads Google's script), so on the emulator
// stack the buttons open the app's stand-in for the provider's screen and the credential path
// (signInWithCredential / linkWithCredential with the emulator's fake id tokens) does the rest.

test("entrar con Google crea el perfil y guarda los tokens del proveedor", async ({ page, context }) => {
  const tokenCalls = await countRequests(context, "**/api/users/accessToken");
  const email = uniqueEmail("google");
  await page.goto("/login/");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await completeProviderDialog(page, "Google", email, "Gabriela Garza");

  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { name: "Gabriela Garza" })).toBeVisible();
  await expect(page.getByTestId("provider-google")).toContainText("Vinculada");
  await expect(page.getByTestId("provider-apple")).toContainText("Sin vincular");
  // Both tokens came back (id token and access token): the access-token call ran once.
  await expect.poll(() => tokenCalls.length).toBe(1);

  // Signing in again finds the same profile, not a new one.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/login/");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await completeProviderDialog(page, "Google", email);
  await expect(page.getByRole("heading", { name: "Gabriela Garza" })).toBeVisible();
});

test("entrar con Apple crea el perfil con el nombre del correo cuando Apple no da uno", async ({ page }) => {
  const email = uniqueEmail("apple");
  await page.goto("/register/");
  await page.getByRole("button", { name: "Continuar con Apple" }).click();
  await completeProviderDialog(page, "Apple", email);

  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByRole("heading", { name: email.split("@")[0] })).toBeVisible();
  await expect(page.getByTestId("provider-apple")).toContainText("Vinculada");
});

test("vincular Google y Apple desde los ajustes del perfil", async ({ page }) => {
  const user = await createUser("Valeria Vínculo", "vincular");
  await signInThroughUi(page, user);
  const googleEmail = uniqueEmail("vinculo-google");

  await page.getByRole("button", { name: "Vincular Google" }).click();
  await completeProviderDialog(page, "Google", googleEmail, undefined, "Vincular");
  await expect(page.getByText("Cuenta de Google vinculada")).toBeVisible();
  await expect(page.getByTestId("provider-google")).toContainText("Vinculada");

  await page.getByRole("button", { name: "Vincular Apple" }).click();
  await completeProviderDialog(page, "Apple", uniqueEmail("vinculo-apple"), undefined, "Vincular");
  await expect(page.getByText("Cuenta de Apple vinculada")).toBeVisible();
  await expect(page.getByTestId("provider-apple")).toContainText("Vinculada");

  // The linked Google account now opens the same profile.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/login/");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await completeProviderDialog(page, "Google", googleEmail);
  await expect(page.getByRole("heading", { name: "Valeria Vínculo" })).toBeVisible();
});

test("vincular una cuenta de Google o Apple que ya usa otra persona avisa que está en uso", async ({ page }) => {
  const takenGoogle = uniqueEmail("ocupada-google");
  const takenApple = uniqueEmail("ocupada-apple");
  await signInWithProviderRest("google", takenGoogle, "Otra Persona");
  await signInWithProviderRest("apple", takenApple);

  const user = await createUser("Mateo Ocupado", "ocupado");
  await signInThroughUi(page, user);
  await page.getByRole("button", { name: "Vincular Google" }).click();
  await completeProviderDialog(page, "Google", takenGoogle, undefined, "Vincular");
  await expect(page.getByText("La cuenta de Google ya se encuentra en uso")).toBeVisible();
  await expect(page.getByTestId("provider-google")).toContainText("Sin vincular");

  await page.getByRole("button", { name: "Vincular Apple" }).click();
  await completeProviderDialog(page, "Apple", takenApple, undefined, "Vincular");
  await expect(page.getByText("La cuenta de Apple ya se encuentra en uso")).toBeVisible();
  await expect(page.getByTestId("provider-apple")).toContainText("Sin vincular");
});
