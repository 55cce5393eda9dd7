import { expect, test } from "@playwright/test";
import { ORGANIZER, api, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("nadie edita el evento de otra persona: la interfaz no lo ofrece y la API responde 403", async ({ page }) => {
  const title = `Concierto de guitarra ${Date.now().toString(36)}`;
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, startsAt: saltilloDaysAhead(3), address: "Calle Hidalgo 100, Saltillo" });
  const stranger = await newAccount("Tomás Prueba");

  await signIn(page, stranger);
  await page.goto(`/events/${event._id}/`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: `Seguir ${title}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar evento" })).toHaveCount(0);

  await page.goto(`/events/${event._id}/edit/`);
  await expect(page.getByText("No puedes editar este evento.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toHaveCount(0);

  const answer = await api("PUT", `/events/${event._id}`, { token: stranger.token, body: { title: "Secuestrado" } });
  expect(answer.status).toBe(403);
  expect(answer.message).toBeTruthy();
  const deletion = await api("DELETE", `/events/${event._id}`, { token: stranger.token });
  expect(deletion.status).toBe(403);
  const after = await api<{ title: string }>("GET", `/events/${event._id}`);
  expect(after.data.title).toBe(title);
});
