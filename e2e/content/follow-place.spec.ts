import { expect, test } from "@playwright/test";
import { ORGANIZER, api, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("seguir un lugar: un evento nuevo allí aparece en «Eventos para ti» y llega como notificación", async ({ page }) => {
  const person = await newAccount("Lucía Prueba");
  const places = await api<{ items: { _id: string; name: string }[] }>("GET", "/places", { query: { limit: "50" } });
  const place = places.data.items.find((p) => p.name === "Biblioteca Pública Central")!;

  await signIn(page, person);
  await page.goto(`/places/${place._id}/`);
  const follow = page.getByRole("button", { name: `Seguir ${place.name}` });
  await follow.click();
  await expect(page.getByRole("button", { name: `Dejar de seguir ${place.name}` })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await api<{ following: { places: string[] } }>("GET", "/users/my-data", { token: person.token })).data.following.places).toContain(place._id);

  const title = `Club de lectura ${Date.now().toString(36)}`;
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, startsAt: saltilloDaysAhead(2), placeId: place._id });

  await page.goto("/");
  // Below the first screen: it shows when scrolled to.
  const forYou = page.getByRole("region", { name: "Eventos para ti" });
  await forYou.scrollIntoViewIfNeeded();
  await expect(forYou.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/notifications/");
  await expect(page.getByText(`Nuevo evento en ${place.name}`).first()).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  expect(event.place?._id).toBe(place._id);
});
