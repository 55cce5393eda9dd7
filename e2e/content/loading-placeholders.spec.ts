import { expect, test, type Page } from "@playwright/test";

// The placeholders that stand in while a list loads pulse with `opacity`, which the compositor
// animates on its own: an animated `background-position` made the main thread restyle and repaint
// every line on every frame during the seconds a page hydrates and draws what arrives (138 paints
// in the home's first 4 s against 35; bench/main-thread-ab.mjs). A `transform` shimmer, also
// run by the compositor, still painted ~3 times as often as no animation: only opacity passes.

/** Holds every answer of the events list until `release()`, so the placeholders stay. */
async function holdEventLists(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/events(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
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
  const release = await holdEventLists(page);
  await page.goto("/");
  await expect(page.getByRole("progressbar").first()).toBeVisible();

  const { animations } = await placeholderAnimations(page);
  expect(animations.length).toBeGreaterThan(0);
  for (const properties of animations) expect(properties).toEqual(["opacity"]);

  release();
});

test("con movimiento reducido, los marcadores de carga quedan quietos", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await holdEventLists(page);
  await page.goto("/");
  await expect(page.getByRole("progressbar").first()).toBeVisible();

  const { lines, animations } = await placeholderAnimations(page);
  expect(lines).toBeGreaterThan(0);
  expect(animations).toEqual([]);
  release();
});
