import type { Page } from "@playwright/test";

/**
 * Holds every request of `page` whose URL matches `pattern` until the returned `release()` is
 * called, so what waits for them (placeholders, the loading view, the service worker's install)
 * can be looked at.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The app's own scripts (the export's chunks). */
export const APP_SCRIPTS = /\/_next\/static\/.*\.js$/;

/** The answers of the events lists (the home's sections among them). */
export const EVENT_LISTS = /\/api\/events(\?|$)/;
