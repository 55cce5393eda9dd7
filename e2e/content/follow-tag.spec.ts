import { expect, test } from "@playwright/test";
import { ADMIN, ORGANIZER, api, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("seguir una etiqueta desde un evento trae sus eventos a «Eventos para ti» y queda en «Lo que sigues»", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `Títeres ${suffix}`;
  const tag = await api<{ _id: string; slug: string }>("POST", "/tags", { token: await tokenFor(ADMIN), body: { name } });
  expect(tag.status).toBe(201);
  const organizer = await tokenFor(ORGANIZER);
  const shown = await createEventByApi(organizer, { title: `Función de títeres ${suffix}`, startsAt: saltilloDaysAhead(20), address: "Teatro García Carrillo", tags: [tag.data.slug] });
  const later = await createEventByApi(organizer, { title: `Taller de marionetas ${suffix}`, startsAt: saltilloDaysAhead(25), address: "Casa de la Cultura", tags: [tag.data.slug] });

  const person = await newAccount("Rosa Titiritera");
  await signIn(page, person);
  await page.goto(`/events/${shown._id}/`);
  await page.getByRole("link", { name: `Eventos con la etiqueta ${name}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/search/\\?tag=${tag.data.slug}$`));
  await expect(page.getByRole("heading", { name: `Eventos con la etiqueta «${name}»` })).toBeVisible();
  const list = page.getByRole("list", { name: `Eventos con la etiqueta ${name}` });
  await expect(list.getByRole("link", { name: later.title })).toBeVisible();

  await page.getByRole("button", { name: `Seguir la etiqueta ${name}` }).click();
  await expect(page.getByRole("button", { name: `Dejar de seguir la etiqueta ${name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("followers-count")).toHaveText("1 seguidor");
  await expect
    .poll(async () => (await api<{ following: { tags: string[] } }>("GET", "/users/my-data", { token: person.token })).data.following.tags)
    .toEqual([tag.data._id]);

  // "Eventos para ti" on the home page: the tag's events, saying why.
  await page.goto("/");
  // Below the first screen: it shows when scrolled to.
  await page.getByRole("region", { name: "Eventos para ti" }).scrollIntoViewIfNeeded();
  const forYou = page.getByRole("list", { name: "Eventos para ti" });
  const card = forYou.getByRole("article").filter({ has: page.getByRole("link", { name: shown.title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Te interesa el tema")).toBeVisible();

  // The profile's "Lo que sigues" lists the tag, and unfollowing from there takes it away.
  await page.goto("/profile/following/");
  const followed = page.getByRole("list", { name: "Etiquetas que sigues" });
  await expect(followed.getByRole("link", { name: `Eventos con la etiqueta ${name}` })).toBeVisible();
  await followed.getByRole("button", { name: `Dejar de seguir la etiqueta ${name}` }).click();
  await expect(page.getByText("Aún no sigues ninguna etiqueta.")).toBeVisible();
  await expect
    .poll(async () => (await api<{ following: { tags: string[] } }>("GET", "/users/my-data", { token: person.token })).data.following.tags)
    .toEqual([]);
});
