import { expect, type Page } from "@playwright/test";

/**
 * The 'Cargando...' view, shown or not: on a device with nothing of a session stored, the page's
 * head steps it aside before the app's scripts run (lib/auth/session-probe.ts), and only the app,
 * once started, takes it out of the document.
 */
export function loadingView(page: Page) {
  return page.getByRole("status", { includeHidden: true }).filter({ hasText: "Cargando..." });
}

/**
 * Waits until the app has started and answered its first sign-in check: the page can be used from
 * then on (before it, the page may already show but is inert).
 */
export async function appStarted(page: Page, options: { timeout?: number } = {}) {
  await expect(loadingView(page)).toHaveCount(0, options);
}
