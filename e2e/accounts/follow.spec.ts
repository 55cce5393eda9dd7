import { expect, test } from "@playwright/test";
import { apiCall, countRequests, createUser, signInThroughUi } from "../support/accounts";
import { waitForOfflineReady } from "../support/pwa";

// The second journey reloads offline: the service worker, blocked for other journeys (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const followersOf = async (uid: string) => ((await apiCall("GET", `/users/${uid}`)).body?.data as { followersCount: number }).followersCount;

test("seguir y dejar de seguir a alguien en línea", async ({ page }) => {
  const them = await createUser("Carmen Seguida", "seguida");
  const me = await createUser("Pablo Sigue", "sigue");
  await signInThroughUi(page, me);

  await page.goto(`/profile/${them.uid}/`);
  await expect(page.getByRole("heading", { name: "Carmen Seguida" })).toBeVisible();
  await expect(page.getByTestId("followers-count")).toHaveText("0 seguidores");
  await page.getByRole("button", { name: "Seguir a Carmen Seguida" }).click();
  const unfollow = page.getByRole("button", { name: "Dejar de seguir a Carmen Seguida" });
  await expect(unfollow).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("followers-count")).toHaveText("1 seguidor");
  await expect.poll(() => followersOf(them.uid)).toBe(1);

  // The list of people I follow has her, and so does a reload.
  await page.goto("/profile/following/");
  await expect(page.getByRole("list", { name: "Personas que sigues" }).getByRole("link", { name: "Carmen Seguida" })).toBeVisible();
  await page.goto(`/profile/${them.uid}/`);
  await expect(page.getByRole("button", { name: "Dejar de seguir a Carmen Seguida" })).toBeVisible();

  await page.getByRole("button", { name: "Dejar de seguir a Carmen Seguida" }).click();
  await expect(page.getByRole("button", { name: "Seguir a Carmen Seguida" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("followers-count")).toHaveText("0 seguidores");
  await expect.poll(() => followersOf(them.uid)).toBe(0);
});

test("seguir sin conexión se guarda, sobrevive a una recarga y se envía una sola vez al volver", async ({ page, context }) => {
  const them = await createUser("Iván Sinred", "sinred");
  const me = await createUser("Elena Offline", "offline");
  const followCalls = await countRequests(context, "**/api/users/follow/**");

  await page.goto("/");
  await waitForOfflineReady(page);
  await signInThroughUi(page, me);
  await page.goto(`/profile/${them.uid}/`);
  await expect(page.getByRole("heading", { name: "Iván Sinred" })).toBeVisible();
  await expect(page.getByTestId("followers-count")).toHaveText("0 seguidores");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Seguir a Iván Sinred" }).click();
  // Applied at once, waiting for the network.
  await expect(page.getByRole("button", { name: "Dejar de seguir a Iván Sinred" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("followers-count")).toHaveText("1 seguidor");
  await expect(page.getByText("Sin conexión: se enviará cuando vuelvas a estar en línea.")).toBeVisible();

  // Still offline, the app is reloaded (served by the service worker): the follow is still there.
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Iván Sinred" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Dejar de seguir a Iván Sinred" })).toBeVisible();
  await expect(page.getByText("Sin conexión: se enviará cuando vuelvas a estar en línea.")).toBeVisible();
  expect(followCalls).toHaveLength(0);

  await context.setOffline(false);
  await expect.poll(() => followCalls.length).toBe(1);
  await expect(page.getByText("Sin conexión: se enviará cuando vuelvas a estar en línea.")).toHaveCount(0);
  await expect.poll(() => followersOf(them.uid)).toBe(1);
  // Exactly once: nothing else is sent afterwards, not even after another reload.
  await page.reload();
  await expect(page.getByRole("button", { name: "Dejar de seguir a Iván Sinred" })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(followCalls).toHaveLength(1);
  expect(followCalls[0]).not.toContain("unfollow");
});
