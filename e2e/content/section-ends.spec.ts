import { expect, test, type Page } from "@playwright/test";
import { openPage } from "../support/accounts";
import { ADMIN, api, createEventByApi, newAccount, saltilloDaysAhead, tokenFor } from "./support";

// A list that is a section of a page, with more below it, loads further pages from its button:
// if reaching its end loaded the next page by itself, what follows would move away each time
// someone got to it. The home ends with the city's upcoming events and, under them, the footer
// (privacy, terms, the moderation log); the demo alone has more than two pages of them, and a
// city with hundreds would have a footer nobody can reach.

/** Requests for a further page of events (a cursor), from now on. */
function furtherPages(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/events" && url.searchParams.get("cursor")) urls.push(request.url());
  });
  return urls;
}

/**
 * What a next page loaded by itself would need: the end of the list has been within reach for a
 * while (its observer fires within a frame; the page arrives from the same machine in tens of ms).
 */
const settle = (page: Page) => page.waitForTimeout(1500);

test("al final del inicio el pie de página se queda a la vista y los próximos eventos siguen con «Cargar más»", async ({ page }) => {
  await openPage(page, "/");
  const section = page.getByRole("region", { name: "Próximos eventos", exact: true });
  // The cards, not the lists inside them (their tags).
  const cards = section.getByRole("list", { name: "Próximos eventos" }).locator(":scope > li");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Registro de moderación" });

  const further = furtherPages(page);

  // To the end, as with the End key; again once the sections on the way have been drawn.
  await page.keyboard.press("End");
  await expect(cards).toHaveCount(20);
  await page.keyboard.press("End");
  await expect(footerLink).toBeInViewport();
  await settle(page);
  expect(further).toEqual([]);
  await expect(cards).toHaveCount(20);
  await expect(footerLink).toBeInViewport();

  // More only when asked for (the demo has more than two pages; other journeys add to them).
  await section.getByRole("button", { name: "Cargar más" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);
  expect(further).toHaveLength(1);

  // A screen reader's list of lists names each once ("Eventos para ti", signed out, shows what is
  // coming up too, and was once named like the last section).
  await page.getByRole("region", { name: "Eventos para ti" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("list", { name: "Eventos para ti", exact: true })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Próximos eventos", exact: true })).toHaveCount(1);

  await page.keyboard.press("End");
  await footerLink.click();
  await expect(page).toHaveURL(/\/moderation\/$/);
});

test("en un perfil con muchos eventos próximos, los pasados se alcanzan sin cargarlos todos", async ({ page }) => {
  // Verified by an admin, as a venue's account is: unverified ones publish three events a day.
  const person = await newAccount("Olga Organiza");
  const verified = await api("POST", "/users/verify", { token: await tokenFor(ADMIN), body: { userId: person.uid } });
  expect(verified.status, verified.message).toBe(200);
  const stamp = Date.now().toString(36);
  for (let day = 1; day <= 21; day++) {
    await createEventByApi(person.token, { title: `Función ${day} ${stamp}`, startsAt: saltilloDaysAhead(day, 20), address: "Calle Allende 10, Zona Centro, Saltillo" });
  }

  await openPage(page, `/profile/${person.uid}/`);
  const upcoming = page.getByRole("region", { name: "Próximos eventos" });
  const cards = upcoming.getByRole("list", { name: "Próximos eventos" }).locator(":scope > li");
  await expect(cards).toHaveCount(20);
  const further = furtherPages(page);
  const past = page.getByRole("region", { name: "Eventos pasados" });
  await page.keyboard.press("End");
  await expect(past.getByText("Aún no tiene eventos pasados.")).toBeInViewport();
  await settle(page);
  expect(further).toEqual([]);
  await expect(cards).toHaveCount(20);
  await expect(past.getByText("Aún no tiene eventos pasados.")).toBeInViewport();

  await upcoming.getByRole("button", { name: "Cargar más" }).click();
  await expect(cards).toHaveCount(21);
  expect(further).toHaveLength(1);
  await expect(upcoming.getByRole("link", { name: new RegExp(`Función 21 ${stamp}`) })).toBeVisible();
  await expect(upcoming.getByRole("button", { name: "Cargar más" })).toHaveCount(0);
});

test("en un teléfono, el inicio no cambia de alto al ir al final: las secciones de abajo guardan el lugar de sus tarjetas", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await openPage(page, "/");
  await page.waitForLoadState("networkidle");
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const before = await height();

  const upcoming = page.getByRole("region", { name: "Próximos eventos", exact: true }).getByRole("list", { name: "Próximos eventos" }).locator(":scope > li");
  // Pressed again if the page is still at the top: on a busy CI machine (02/12/2026) one End left
  // it there for the whole wait (the failure's screenshot), which a person would answer by pressing
  // it again; we did not find why. A page that grows while it scrolls is still caught below.
  await expect(async () => {
    if ((await page.evaluate(() => window.scrollY)) === 0) await page.keyboard.press("End");
    await expect(upcoming).toHaveCount(20, { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await settle(page);
  // Sections show fewer cards than they have room for on some days (the weekend's, say), so not
  // exactly; without the room kept, the page doubled (4 095 → 8 104 px) and End ended halfway.
  expect(Math.abs((await height()) - before) / before).toBeLessThan(0.15);
});
