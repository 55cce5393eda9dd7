import { expect, test } from "@playwright/test";
import { completeProviderDialog, createUser, signInThroughUi, uniqueEmail } from "../support/accounts";

test("desvincular Google recarga la página y deja la cuenta sin Google", async ({ page }) => {
  const user = await createUser("Daniela Desvincula", "desvincular");
  await signInThroughUi(page, user);
  await page.getByRole("button", { name: "Vincular Google" }).click();
  await completeProviderDialog(page, "Google", uniqueEmail("desvincular-google"), undefined, "Vincular");
  await expect(page.getByTestId("provider-google")).toContainText("Vinculada");

  await page.evaluate(() => ((window as unknown as { __beforeReload: boolean }).__beforeReload = true));
  await page.getByRole("button", { name: "Desvincular Google" }).click();
  const dialog = page.getByRole("alertdialog", { name: "¿Desvincular tu cuenta de Google?" });
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Desvincular" }).click();

  // docs/product.md#account-deletion-and-providers: the page reloads (a new document: the marker
  // set above is gone).
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload ?? false)).toBe(false);
  await expect(page.getByTestId("provider-google")).toContainText("Sin vincular");
  await expect(page.getByRole("heading", { name: "Daniela Desvincula" })).toBeVisible();
});

test("con un solo método de acceso no se puede desvincular", async ({ page }) => {
  await page.goto("/login/");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await completeProviderDialog(page, "Google", uniqueEmail("solo-google"), "Sofía Solo");
  await expect(page.getByRole("heading", { name: "Sofía Solo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Desvincular Google" })).toBeDisabled();
  await expect(page.getByText("Para desvincular un método necesitas tener al menos otro vinculado.")).toBeVisible();
});
