import { expect, test, type Page } from "@playwright/test";
import { ORGANIZER, createEventByApi, saltilloDaysAhead, tokenFor } from "./support";

// Tapping an event in a list (issue 10): its page shows at once the title the card had, with
// placeholders for the rest, and the tap itself asks for the event, so its answer travels while
// the page's own code does (bench/list-to-detail.mjs times it).

// A first visit: with the service worker the page's code could come from its precache instead.
test.use({ serviceWorkers: "block" });

const DESCRIPTION = "Obras de Ponce y Barrios en la sala principal.";

/** An event of its own, far enough ahead that a one-day range lists only it and its kin. */
async function newEvent(title: string) {
  const startsAt = saltilloDaysAhead(300, 18);
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, description: DESCRIPTION, startsAt, address: "Teatro Fernando Soler, Saltillo" });
  return { ...event, day: startsAt.slice(0, 10) };
}

/** Opens `listUrl`, taps the event there, and checks what the page shows while its answer is held. */
async function tapAndSee(page: Page, listUrl: string, event: { _id: string; title: string }) {
  // The event's own answer is held until the page has been looked at.
  let asked = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/events/${event._id}`, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  // And the page's payload, until the tap's own request is seen: until then no code of the page
  // has run, so only the tap can have asked for the event.
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(new RegExp(`/events/${event._id}/index\\.txt`), async (route) => {
    await pageHeld;
    await route.continue();
  });

  await page.goto(listUrl);
  const card = page.getByRole("link", { name: event.title });
  await expect(card).toBeVisible();
  expect(asked).toBe(0);
  await card.click();
  await expect.poll(() => asked).toBe(1);
  releasePage();

  await expect(page).toHaveURL(new RegExp(`/events/${event._id}/?$`));
  await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando evento" })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toHaveCount(0);
  // Once: the page, reading it too, found it already on its way.
  expect(asked).toBe(1);

  release();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando evento" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([event.title]);
  expect(asked).toBe(1);
}

test("al tocar un evento de una lista, su página muestra enseguida su título y después el resto", async ({ page }) => {
  const event = await newEvent(`Recital de guitarra ${Date.now().toString(36)}`);
  await tapAndSee(page, `/explore/?when=range&from=${event.day}&to=${event.day}`, event);
});

test("también desde los resultados de la búsqueda", async ({ page }) => {
  const event = await newEvent(`Recital de arpa ${Date.now().toString(36)}`);
  await tapAndSee(page, `/search/?q=${encodeURIComponent(event.title)}`, event);
});
