import { expect, test } from "@playwright/test";
import { api, createEventByApi, newAccount, saltilloDaysAhead } from "./support";

// Someone's profile shows what they organise and publish, not only who they are: upcoming and
// past events, their news and communities, each in its own section, with an empty state where there is none.

test("el perfil de una persona muestra sus próximos eventos, los pasados, sus noticias y sus comunidades", async ({ page }) => {
  const person = await newAccount("Perla Perfil");
  const stamp = Date.now().toString(36);
  const event = await createEventByApi(person.token, { title: `Taller de barro ${stamp}`, startsAt: saltilloDaysAhead(3, 17), address: "Calle Hidalgo 50, Zona Centro, Saltillo" });
  const news = await api<{ _id: string }>("POST", "/news", { token: person.token, body: { title: `Abrimos inscripciones ${stamp}`, body: "Cupo para veinte personas en el taller de barro." } });
  expect(news.status, news.message).toBe(201);
  const community = await api<{ _id: string }>("POST", "/communities", { token: person.token, body: { name: `Alfareras ${stamp}`, description: "Barro los sábados." } });
  expect(community.status, community.message).toBe(201);

  await page.goto(`/profile/${person.uid}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Perla Perfil" })).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Próximos eventos" });
  await expect(upcoming.getByRole("link", { name: new RegExp(`Taller de barro ${stamp}`) })).toBeVisible();
  await expect(upcoming.getByRole("link", { name: new RegExp(`Taller de barro ${stamp}`) })).toHaveAttribute("href", new RegExp(`/events/${event._id}/?$`));
  const past = page.getByRole("region", { name: "Eventos pasados" });
  await past.scrollIntoViewIfNeeded();
  await expect(past).toContainText("Aún no tiene eventos pasados.");
  await expect(page.getByRole("region", { name: "Noticias" }).getByRole("link", { name: new RegExp(`Abrimos inscripciones ${stamp}`) })).toBeVisible();
  await expect(page.getByRole("region", { name: "Comunidades" }).getByRole("link", { name: new RegExp(`Alfareras ${stamp}`) })).toBeVisible();
});
