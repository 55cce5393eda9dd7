import { expect, test } from "@playwright/test";
import { ORGANIZER, api, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

test("una persona indica sus necesidades de accesibilidad y los eventos que las cumplen dicen «Accesible para ti»", async ({ page }) => {
  const organizer = await tokenFor(ORGANIZER);
  const suffix = Date.now().toString(36);
  const place = await api<{ _id: string }>("POST", "/places", {
    token: organizer,
    body: { name: `Sala de pruebas ${suffix}`, category: "foro", address: { street: "Calle Victoria", number: "10", city: "Saltillo", state: "Coahuila" } },
  });
  expect(place.status).toBe(201);
  const calm = `Función relajada ${suffix}`;
  const loud = `Concierto de rock ${suffix}`;
  await createEventByApi(organizer, { title: calm, startsAt: saltilloDaysAhead(2), placeId: place.data._id, accessibilityFeatures: ["step-free-entrance", "quiet-space", "seating"] });
  await createEventByApi(organizer, { title: loud, startsAt: saltilloDaysAhead(3), placeId: place.data._id, accessibilityFeatures: ["step-free-entrance"] });

  const person = await newAccount("Marta Prueba");
  await signIn(page, person);
  await page.goto("/profile/");
  const settings = page.getByRole("region", { name: "Mis necesidades de accesibilidad" });
  const needs = settings.getByRole("group", { name: "Lo que necesito" });
  await needs.getByLabel("Entrada sin escalones").check();
  await needs.getByLabel("Espacio tranquilo o de baja estimulación").check();
  await settings.getByRole("button", { name: "Guardar necesidades" }).click();
  await expect(settings.getByRole("status")).toHaveText("Guardamos tus necesidades de accesibilidad.");
  await expect
    .poll(async () => (await api<{ accessibilityNeeds: string[] }>("GET", "/users/my-data", { token: person.token })).data.accessibilityNeeds)
    .toEqual(["step-free-entrance", "quiet-space"]);

  await page.goto(`/places/${place.data._id}/`);
  const calmCard = page.getByRole("article").filter({ has: page.getByRole("link", { name: calm }) });
  const loudCard = page.getByRole("article").filter({ has: page.getByRole("link", { name: loud }) });
  await expect(calmCard.getByText("Accesible para ti")).toBeVisible();
  await expect(loudCard).toBeVisible();
  await expect(loudCard.getByText("Accesible para ti")).toHaveCount(0);

  // After a reload the profile still holds the needs (from the server).
  await page.goto("/profile/");
  await expect(page.getByRole("group", { name: "Lo que necesito" }).getByLabel("Espacio tranquilo o de baja estimulación")).toBeChecked();
});
