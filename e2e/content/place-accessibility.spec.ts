import { expect, test } from "@playwright/test";
import { ORGANIZER, api, signIn, tokenFor } from "./support";

test("quien publica un lugar declara su accesibilidad: la página la muestra con texto a cualquiera, y el formulario la recuerda", async ({ page, browser }) => {
  const name = `Foro accesible ${Date.now().toString(36)}`;
  const created = await api<{ _id: string }>("POST", "/places", {
    token: await tokenFor(ORGANIZER),
    body: { name, category: "foro", address: { street: "Calle Allende", number: "250", city: "Saltillo", state: "Coahuila" } },
  });
  expect(created.status).toBe(201);
  const id = created.data._id;

  await signIn(page, ORGANIZER);
  await page.goto(`/places/${id}/`);
  const section = page.getByRole("region", { name: "Accesibilidad" });
  await expect(section.getByText("El organizador no ha indicado datos de accesibilidad.")).toBeVisible();

  await page.getByRole("link", { name: "Editar lugar" }).click();
  const group = page.getByRole("group", { name: "Accesibilidad" });
  await group.getByLabel("Entrada sin escalones").check();
  await group.getByLabel("Baño accesible para silla de ruedas").check();
  await group.getByLabel("Se admiten animales de asistencia").check();
  await group.getByLabel("Nota de accesibilidad").fill("La rampa está por la calle Allende; pide apoyo en la entrada.");
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  await expect(page).toHaveURL(new RegExp(`/places/${id}/$`), { timeout: 20_000 });
  const list = page.getByRole("region", { name: "Accesibilidad" }).getByRole("list", { name: "Accesibilidad" });
  await expect(list.getByRole("listitem")).toHaveText(["Entrada sin escalones", "Baño accesible para silla de ruedas", "Se admiten animales de asistencia"]);
  await expect(page.getByText("La rampa está por la calle Allende; pide apoyo en la entrada.")).toBeVisible();
  await expect(page.getByText("El organizador no ha indicado datos de accesibilidad.")).toHaveCount(0);

  // A visitor without an account sees the same, from the server.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/places/${id}/`);
  await expect(visitorPage.getByRole("region", { name: "Accesibilidad" }).getByRole("listitem")).toHaveText([
    "Entrada sin escalones",
    "Baño accesible para silla de ruedas",
    "Se admiten animales de asistencia",
  ]);
  // Search engines read the same in the page's schema.org data.
  const ld = JSON.parse((await visitorPage.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { amenityFeature?: { name: string }[] };
  expect(ld.amenityFeature?.map((f) => f.name)).toEqual(["Entrada sin escalones", "Baño accesible para silla de ruedas", "Se admiten animales de asistencia"]);
  await visitor.close();

  // The form opens with what was declared, and unchecking one removes it.
  await page.goto(`/places/${id}/edit/`);
  const again = page.getByRole("group", { name: "Accesibilidad" });
  await expect(again.getByLabel("Entrada sin escalones")).toBeChecked();
  await expect(again.getByLabel("Asientos disponibles")).not.toBeChecked();
  await again.getByLabel("Baño accesible para silla de ruedas").uncheck();
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(new RegExp(`/places/${id}/$`), { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Accesibilidad" }).getByRole("listitem")).toHaveText(["Entrada sin escalones", "Se admiten animales de asistencia"]);
  const stored = await api<{ accessibilityFeatures: string[] }>("GET", `/places/${id}`);
  expect(stored.data.accessibilityFeatures).toEqual(["step-free-entrance", "assistance-animals"]);
});
