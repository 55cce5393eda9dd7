import { expect, type Page } from "@playwright/test";
import { ADMIN, api, tokenFor, type Account } from "../content/support";
import { waitForOfflineReady } from "../support/pwa";
import { appStarted } from "../support/app";

// Notifications made through the real API (the admins' send call), as they would arrive from
// anyone while the person's app is closed or open, and what the person's screens show.

let adminToken: string | null = null;

/** Sends `count` notifications to `userId` through POST /notifications/send, oldest first. */
export async function sendNotifications(userId: string, count: number, prefix = "Aviso"): Promise<void> {
  adminToken ??= await tokenFor(ADMIN);
  const token = adminToken;
  for (let i = 1; i <= count; i++) {
    const answer = await api<{ sent: number }>("POST", "/notifications/send", {
      token,
      body: { audience: "user", userId, title: `${prefix} ${i}`, body: `Mensaje número ${i}.` },
    });
    expect(answer.status, answer.message).toBe(200);
  }
}

/** The journeys wait on a shared, busy machine: sign-ins and many API calls. */
export const JOURNEY_TIMEOUT_MS = 180_000;

/** The person's unread count as the server has it. */
export async function serverUnread(token: string): Promise<number> {
  const answer = await api<{ unviewed: number }>("GET", "/notifications", { token, query: { limit: "1" } });
  expect(answer.status, answer.message).toBe(200);
  return answer.data.unviewed;
}

/** The badge of the main navigation: its number, or 0 when it is not shown. */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByRole("navigation", { name: "Navegación principal" }).getByTestId("notifications-badge");
  // Read in one step: counting and then reading raced with a badge that went away in between,
  // and textContent then waited for it to come back until the poll gave up (CI, "marcar todas").
  const text = await badge.evaluateAll((elements) => elements[0]?.textContent ?? null);
  return text === null ? 0 : Number.parseInt(text, 10);
}

export function inboxList(page: Page) {
  return page.getByRole("list", { name: "Notificaciones, la más reciente primero" });
}

/** Waits on a shared, busy test machine, where a cold start of the app can take half a minute. */
export const SLOW = { timeout: 60_000 };

/**
 * Signs in through /login-email like signIn (e2e/content/support.ts), with waits long enough for
 * a cold start of a new browser context on the shared test machine.
 */
export async function signInWhenReady(page: Page, account: Account): Promise<void> {
  await page.goto("/login-email/");
  await appStarted(page, SLOW);
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByLabel("Contraseña").fill(account.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/login-email/, SLOW);
}

/** waitForOfflineReady, after the worker had the time a busy machine needs to precache the export. */
export async function offlineReady(page: Page): Promise<void> {
  await expect(page.getByText("App lista para trabajar offline")).toBeVisible({ timeout: 120_000 });
  await waitForOfflineReady(page);
}
