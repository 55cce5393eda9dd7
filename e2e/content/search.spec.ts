import { expect, test } from "@playwright/test";
import { SEARCH_DEBOUNCE_MS as DEBOUNCE_MS } from "../../lib/search/debounce";
import { appStarted } from "../support/app";

test("la búsqueda espera a que termines de escribir y agrupa los resultados por tipo", async ({ page }) => {
  await page.goto("/search/");
  await appStarted(page);
  const box = page.getByRole("searchbox", { name: "¿Qué buscas?" });
  await expect(box).toBeEditable();
  // When each keystroke arrived, by the page's clock, to compare with when each search left.
  await box.evaluate((input) => {
    const typed: [number, string][] = [];
    (window as unknown as { typed: typeof typed }).typed = typed;
    input.addEventListener("input", () => typed.push([performance.now(), (input as HTMLInputElement).value]));
  });
  await box.pressSequentially("teatro", { delay: 40 });
  await expect(page.getByRole("region", { name: /Lugares/ }).getByRole("link", { name: "Teatro Fernando Soler" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Eventos/ }).getByRole("link").first()).toBeVisible();
  await expect(page).toHaveURL(/\/search\/\?q=teatro$/);

  // Debounced: a search leaves only for a text the box held, untouched, for that long, and only
  // once that pause is over; typed at 40 ms a key, that is the whole word alone. Timed against the
  // keystrokes themselves, because on a busy machine the browser can receive them 300 ms apart.
  // The request itself may start after the next keystroke (the pause ended, then the page was busy
  // rendering), so each search is matched to the text it asks for, not to the latest keystroke.
  const { typed, searches } = await page.evaluate(() => ({
    typed: (window as unknown as { typed: [number, string][] }).typed,
    searches: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/api/search?"))
      .map((entry) => ({ at: entry.startTime, q: new URL(entry.name).searchParams.get("q") })),
  }));
  expect(typed.map(([, value]) => value)).toEqual(["t", "te", "tea", "teat", "teatr", "teatro"]);
  expect(searches.map((s) => s.q)).toContain("teatro");
  for (const search of searches) {
    const i = typed.findIndex(([, value]) => value === search.q);
    expect(i, `una búsqueda de «${search.q}», que nunca estuvo en el campo`).toBeGreaterThanOrEqual(0);
    const [at] = typed[i]!;
    const next = typed[i + 1];
    if (next) expect(next[0] - at, `«${search.q}» no estuvo quieto ${DEBOUNCE_MS} ms`).toBeGreaterThanOrEqual(DEBOUNCE_MS - 5);
    expect(search.at - at).toBeGreaterThanOrEqual(DEBOUNCE_MS - 5);
  }
  const pauses = typed.slice(1).filter(([t], i) => t - typed[i]![0] >= DEBOUNCE_MS - 5).length;
  expect(new Set(searches.map((s) => s.q)).size).toBeLessThanOrEqual(pauses + 1);

  // Accents and capitals do not matter.
  await box.fill("MÚSICA");
  await expect(page.getByRole("region", { name: /Eventos/ }).getByRole("link").first()).toBeVisible();

  await box.fill("zzzqqq");
  await expect(page.getByText("Sin resultados para «zzzqqq».")).toBeVisible();
});

test.describe("antes de que cargue el código", () => {
  test.use({ javaScriptEnabled: false });

  test("la búsqueda ya muestra su encabezado y su campo, que se activa con la página", async ({ page }) => {
    await page.goto("/search/?q=teatro");
    await expect(page.getByRole("heading", { level: 1, name: "Búsqueda" })).toBeVisible();
    await expect(page.getByText("Eventos, lugares, noticias, comunidades y personas.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explorar eventos con filtros" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "¿Qué buscas?" })).toBeDisabled();
  });
});
