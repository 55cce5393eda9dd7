import { expect, test } from "@playwright/test";
import { api, createEventByApi, listIds, newAccount, saltilloDaysAhead, signIn } from "./support";

// An organiser deletes their own event from its page: the dialog says its follower will be told,
// it leaves the lists, its page says it no longer exists, and the follower gets the notice.

test("quien organiza elimina su evento desde su página y quien lo sigue recibe el aviso", async ({ page }) => {
  const organizer = await newAccount("Olga Borra");
  const follower = await newAccount("Fermín Sigue");
  const title = `Lectura en voz alta ${Date.now().toString(36)}`;
  const event = await createEventByApi(organizer.token, { title, startsAt: saltilloDaysAhead(5, 18), address: "Calle Allende 100, Zona Centro, Saltillo" });
  expect((await api("POST", `/events/${event._id}/follow`, { token: follower.token })).status).toBe(200);

  await signIn(page, organizer);
  await page.goto(`/events/${event._id}/`);
  await page.getByRole("button", { name: "Eliminar evento" }).click();
  const dialog = page.getByRole("alertdialog", { name: "¿Eliminar este evento?" });
  await expect(dialog).toContainText(`«${title}» se eliminará para siempre; no se puede deshacer.`);
  await expect(dialog).toContainText("La persona que lo sigue recibirá un aviso de que se eliminó.");
  await dialog.getByRole("button", { name: "Eliminar evento" }).click();

  await expect(page).toHaveURL(/\/events\/mine\/$/);
  await expect(page.getByText("Evento eliminado.")).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  expect(await listIds("/events")).not.toContain(event._id);
  expect((await api("GET", `/events/${event._id}`)).status).toBe(404);

  await expect
    .poll(async () => (await api<{ items: { title: string; kind: string }[] }>("GET", "/notifications", { token: follower.token })).data.items.map((n) => n.kind))
    .toContain("event_deleted");
});
