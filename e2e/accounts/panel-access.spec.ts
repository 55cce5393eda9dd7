import { expect, test } from "@playwright/test";
import { apiCall, createUser, signInIdentity, signInThroughUi } from "../support/accounts";

test("una cuenta NORMAL no puede abrir el panel", async ({ page }) => {
  const user = await createUser("Rosa Cárdenas", "panel");
  await signInThroughUi(page, user);
  await expect(page.getByRole("link", { name: "Panel de administración" })).toHaveCount(0);

  for (const path of ["/panel/", "/panel/home/", "/panel/users/"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: /Panel de administración/ })).toHaveCount(0);
  }

  // Whatever the client does, the server refuses.
  const { idToken } = await signInIdentity(user.email, user.password);
  expect((await apiCall("GET", "/users", { token: idToken })).status).toBe(403);
  expect((await apiCall("GET", "/users/requestingVerification", { token: idToken })).status).toBe(403);
  expect((await apiCall("POST", "/users/verify", { token: idToken, body: { userId: user.uid } })).status).toBe(403);
});

test("sin sesión, el panel también lleva al inicio", async ({ page }) => {
  await page.goto("/panel/users/");
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
});
