import { expect, test } from "@playwright/test";
import { ADMIN, NEIGHBOUR, ORGANIZER, api, createEventByApi, listIds, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("una administradora oculta un evento y sale de todas las listas públicas", async ({ page, browser }) => {
  // Three people in three browser contexts and four public lists polled: over a minute on a loaded 2-core machine (CI).
  test.slow();
  const places = await api<{ items: { _id: string; name: string }[] }>("GET", "/places", { query: { limit: "50" } });
  const plaza = places.data.items.find((p) => p.name === "Plaza de Armas")!;
  const title = `Verbena sospechosa ${Date.now().toString(36)}`;
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, startsAt: saltilloDaysAhead(1, 12), placeId: plaza._id });
  const neighbour = await tokenFor(NEIGHBOUR);

  const publicLists = async () => ({
    upcoming: (await listIds("/events", { when: "upcoming" })).includes(event._id),
    place: (await listIds("/events", { placeId: plaza._id })).includes(event._id),
    search: ((await api<{ events: { _id: string }[] }>("GET", "/search", { query: { q: title } })).data.events ?? []).some((e) => e._id === event._id),
    forYou: ((await api<{ items: { _id: string }[] }>("GET", "/events/for-you", { token: neighbour, query: { limit: "50" } })).data.items ?? []).some(
      (e) => e._id === event._id,
    ),
  });
  const before = await publicLists();
  expect(before.upcoming && before.place && before.search).toBe(true);

  await signIn(page, ADMIN);
  await page.goto("/panel/events/");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  for (let i = 0; i < 15 && !(await row.isVisible()); i++) {
    const more = page.getByRole("button", { name: "Cargar más" });
    if (!(await more.isVisible())) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await row.getByRole("button", { name: `Ocultar ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `¿Ocultar «${title}»?` });
  await dialog.getByRole("button", { name: "Ocultar" }).click();
  await expect(dialog.getByText("Indica el motivo.")).toBeVisible();
  await dialog.getByLabel(/Motivo/).fill("Información falsa sobre el lugar.");
  await dialog.getByRole("button", { name: "Ocultar" }).click();
  await expect(row.getByText("Oculto", { exact: true })).toBeVisible();

  await expect.poll(publicLists).toEqual({ upcoming: false, place: false, search: false, forYou: false });
  expect((await api("GET", `/events/${event._id}`)).status).toBe(404);

  // What a visitor sees.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/events/${event._id}/`);
  await expect(visitorPage.getByText("Este evento no existe o ya no está disponible.")).toBeVisible();
  await visitorPage.goto(`/places/${plaza._id}/`);
  await expect(visitorPage.getByRole("heading", { level: 1, name: plaza.name })).toBeVisible();
  await expect(visitorPage.getByRole("region", { name: "Próximos eventos aquí" }).getByRole("listitem").first()).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: title })).toHaveCount(0);
  await visitorPage.goto(`/search/?q=${encodeURIComponent(title)}`);
  await expect(visitorPage.getByText(`Sin resultados para «${title}».`)).toBeVisible();
  await visitor.close();

  // The organiser still sees it, with the reason.
  const organizer = await browser.newContext();
  const organizerPage = await organizer.newPage();
  await signIn(organizerPage, ORGANIZER);
  await organizerPage.goto(`/events/${event._id}/`);
  await expect(organizerPage.getByText(/Oculto por moderación: Información falsa sobre el lugar\./)).toBeVisible();
  await organizer.close();
});
