import { expect, test } from "@playwright/test";
import { openPage } from "../support/accounts";
import { ADMIN, api, createEventByApi, newAccount, saltilloDaysAhead, tokenFor } from "./support";

// Anyone can read what the moderators hid and why, from the footer, without signing in; the
// page never names who moderated.

test("el registro público de moderación muestra lo ocultado con su motivo, sin identidades", async ({ page }) => {
  const author = await newAccount("Amalia Rifa");
  const title = `Rifa sin permiso ${Date.now().toString(36)}`;
  const event = await createEventByApi(author.token, { title, startsAt: saltilloDaysAhead(2, 18), address: "Calle Allende 10, Zona Centro, Saltillo" });
  const hidden = await api("POST", `/events/${event._id}/moderate`, { token: await tokenFor(ADMIN), body: { action: "hide", reason: "Sorteo sin permiso de Gobernación." } });
  expect(hidden.status, hidden.message).toBe(200);

  // As a person does, once the page is up: a click while the app still starts could be lost (it
  // was once, on a loaded CI machine: the address stayed on the home).
  await openPage(page, "/");
  await page.getByRole("link", { name: "Registro de moderación" }).click();
  await expect(page).toHaveURL(/\/moderation\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Registro de moderación" })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ hasText: title });
  await expect(entry.getByRole("heading", { name: `Ocultado: Evento «${title}»` })).toBeVisible();
  await expect(entry).toContainText("Motivo: Sorteo sin permiso de Gobernación.");
  await expect(page.getByText(/Administrador|admin@plaza\.local/)).toHaveCount(0);
});
