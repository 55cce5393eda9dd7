import { expect, test, type Page } from "@playwright/test";
import { APP_SCRIPTS, EVENT_LISTS, holdRequests } from "../support/network";

// The placeholders that stand in while a list loads pulse with `opacity`, which the compositor
// animates on its own: an animated `background-position` made the main thread restyle and repaint
// every line on every frame during the seconds a page hydrates and draws what arrives (138 paints
// in the home's first 4 s against 35; bench/main-thread-ab.mjs). A `transform` shimmer, also
// run by the compositor, still painted ~3 times as often as no animation: only opacity passes.
// Neither they nor the loading view's spinner move during the first second of a wait: a quick load
// stays still (app/styles/tokens.css, --loading-motion-delay).

/** Leaves the app's sign that someone was signed in on this device (lib/auth/session-probe.ts). */
async function storeSessionMarker(page: Page) {
  await page.goto("/manifest.webmanifest");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", "readwrite");
          tx.objectStore("keyval").put(1, "plaza:signed-in");
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
}

/**
 * The properties animated inside the page's loading placeholders, one list per running animation,
 * and how many placeholder lines there are (so that "nothing animates" cannot mean "nothing there").
 */
function placeholderAnimations(page: Page) {
  return page.evaluate(() => ({
    lines: document.querySelectorAll('[role="progressbar"] [aria-hidden="true"]').length,
    animations: document
      .getAnimations()
      .filter((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return target instanceof Element && target.closest('[role="progressbar"]') !== null && animation.playState === "running";
      })
      .map((animation) => [
        ...new Set(
          (animation.effect as KeyframeEffect)
            .getKeyframes()
            .flatMap((frame) => Object.keys(frame))
            .filter((key) => !["offset", "computedOffset", "easing", "composite"].includes(key)),
        ),
      ]),
  }));
}

test("mientras carga una lista, sus marcadores se animan sin repintar la página", async ({ page }) => {
  const release = await holdRequests(page, EVENT_LISTS);
  await page.goto("/");
  await expect(page.getByRole("progressbar").first()).toBeVisible();

  const { animations } = await placeholderAnimations(page);
  expect(animations.length).toBeGreaterThan(0);
  for (const properties of animations) expect(properties).toEqual(["opacity"]);

  release();
});

type Probe = { selector: string; property: "opacity" | "transform"; ms: number };

/**
 * What each probe's `property` of the first animated element matching its `selector` computes to
 * when that element's animations have played `ms` milliseconds: the frame a user sees that long
 * into the wait, without waiting for it (the test moves the animations' clocks, not the page's).
 * The animations are read once: paused before their start, they no longer count as the element's.
 */
function stylesAt(page: Page, probes: Probe[]) {
  return page.evaluate((probes) => {
    const animationsOf = new Map<string, { element: Element; animations: Animation[] }>();
    for (const { selector } of probes) {
      if (animationsOf.has(selector)) continue;
      const element = Array.from(document.querySelectorAll(selector)).find((candidate) => candidate.getAnimations().length > 0);
      if (!element) throw new Error(`Nada se anima en ${selector}`);
      const animations = element.getAnimations();
      animationsOf.set(selector, { element, animations });
    }
    return probes.map(({ selector, property, ms }) => {
      const { element, animations } = animationsOf.get(selector)!;
      for (const animation of animations) {
        animation.pause();
        animation.currentTime = ms;
      }
      return getComputedStyle(element)[property];
    });
  }, probes);
}

/** The angle, in degrees, that a computed `transform` (a 2D matrix or none) turns by. */
function rotation(transform: string): number {
  if (transform === "none") return 0;
  const [a, b] = transform.replace(/^matrix\(|\)$/g, "").split(",").map(Number);
  return (Math.atan2(b, a) * 180) / Math.PI;
}

test("en una espera corta nada se mueve: los marcadores laten y la vista de carga gira pasado el primer segundo", async ({ page }) => {
  // A device that may hold a session, whose app scripts are held: the loading view stays up until
  // the SDK (which comes with them) reports, and the served page's placeholders with it.
  await storeSessionMarker(page);
  const release = await holdRequests(page, APP_SCRIPTS);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("status").filter({ hasText: "Cargando..." })).toBeVisible();
  await expect(page.getByRole("progressbar").first()).toBeAttached();

  const line = '[role="progressbar"] *';
  const spinner = '[role="status"] *';
  // The stylesheets that animate them may still be on their way.
  await page.waitForFunction(
    (selectors) => selectors.every((selector) => Array.from(document.querySelectorAll(selector)).some((element) => element.getAnimations().length > 0)),
    [line, spinner],
  );
  const [lineEarly, spinnerEarly, lineLater, spinnerLater] = await stylesAt(page, [
    // 0.9 s into the wait: both exactly as first drawn.
    { selector: line, property: "opacity", ms: 900 },
    { selector: spinner, property: "transform", ms: 900 },
    // Later, the placeholder at its faintest half-way through a beat (1.4 s), and the spinner a
    // quarter turn on (0.9 s a turn).
    { selector: line, property: "opacity", ms: 1000 + 700 },
    { selector: spinner, property: "transform", ms: 1000 + 225 },
  ]);
  expect(lineEarly).toBe("1");
  expect(spinnerEarly).toBe("none");
  expect(Number(lineLater)).toBeCloseTo(0.6, 2);
  expect(rotation(spinnerLater)).toBeCloseTo(90, 0);
  release();
});

test("con movimiento reducido, los marcadores de carga quedan quietos", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await holdRequests(page, EVENT_LISTS);
  await page.goto("/");
  await expect(page.getByRole("progressbar").first()).toBeVisible();

  const { lines, animations } = await placeholderAnimations(page);
  expect(lines).toBeGreaterThan(0);
  expect(animations).toEqual([]);
  release();
});
