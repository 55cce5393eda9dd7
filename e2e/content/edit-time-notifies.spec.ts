import { expect, test } from "@playwright/test";
import { ORGANIZER, api, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("cambiar la hora de un evento seguido avisa a quienes lo siguen", async ({ browser }) => {
  const title = `Taller de grabado ${Date.now().toString(36)}`;
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, startsAt: saltilloDaysAhead(4, 18), address: "Calle Victoria 200, Zona Centro, Saltillo" });
  const follower = await newAccount("Ramiro Prueba");

  const followerContext = await browser.newContext();
  const followerPage = await followerContext.newPage();
  await signIn(followerPage, follower);
  await followerPage.goto(`/events/${event._id}/`);
  await followerPage.getByRole("button", { name: `Seguir ${title}` }).click();
  await expect(followerPage.getByTestId("followers-count")).toHaveText("1 seguidor");

  const organizerContext = await browser.newContext();
  const organizerPage = await organizerContext.newPage();
  await signIn(organizerPage, ORGANIZER);
  await organizerPage.goto(`/events/${event._id}/`);
  await organizerPage.getByRole("link", { name: "Editar evento" }).click();
  await expect(organizerPage.getByLabel("Hora de inicio")).toHaveValue("18:00");
  await organizerPage.getByLabel("Hora de inicio").fill("20:30");
  await organizerPage.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(organizerPage).toHaveURL(new RegExp(`/events/${event._id}/$`));
  await expect(organizerPage.getByText(/20:30/).first()).toBeVisible();

  await expect
    .poll(async () => {
      const answer = await api<{ items: { title: string }[] }>("GET", "/notifications", { token: follower.token });
      return answer.data.items.map((n) => n.title);
    })
    .toContain(`Cambio de horario: ${title}`);
  await followerPage.goto("/notifications/");
  await expect(followerPage.getByText(`Cambio de horario: ${title}`)).toBeVisible();

  await followerContext.close();
  await organizerContext.close();
});
