import { expect, test } from "@playwright/test";
import { ORGANIZER, api, saltilloToday, signIn, solidPng } from "./support";

test("crear un evento con imagen en un lugar: aparece en mis eventos, en el inicio, en el lugar y como .ics", async ({ page }) => {
  await signIn(page, ORGANIZER);
  await page.goto("/events/create/");
  const title = `Lectura en voz alta ${Date.now().toString(36)}`;
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Descripción").fill("Cuentos del norte leídos por sus autoras.");
  const { date, time } = saltilloToday(60);
  await page.getByLabel("Fecha de inicio").fill(date);
  await page.getByLabel("Hora de inicio").fill(time);
  await page.getByRole("combobox", { name: "Lugar" }).selectOption({ label: "Casa Purcell" });
  await page.getByLabel("Nota de accesibilidad").fill("Acceso a nivel de calle.");
  await page.getByLabel("Imagen de portada").setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: solidPng(320, [200, 90, 40]) });
  await expect(page.getByAltText("Vista previa de la imagen")).toBeVisible();

  const upload = page.waitForResponse((r) => /\/api\/events\/[^/]+\/image$/.test(new URL(r.url()).pathname) && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Publicar evento" }).click();
  const uploaded = await upload;
  await expect(page).toHaveURL(/\/events\/[^/]+\/$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const id = decodeURIComponent(/\/events\/([^/]+)\/$/.exec(new URL(page.url()).pathname)![1]!);
  expect(uploaded.status()).toBe(200);
  const cover = page.getByRole("article").locator("img").first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.reload();
  await expect(page.getByRole("article").locator("img").first()).toHaveAttribute("src", /\S+/);
  await expect(page.getByText("Casa Purcell").first()).toBeVisible();
  await expect(page.getByText("Gratis")).toBeVisible();

  // schema.org Event data.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
  expect(jsonLd["@type"]).toBe("Event");
  expect(jsonLd.name).toBe(title);

  // Calendar: the .ics link and the file, and the Google Calendar template link.
  const icsHref = await page.getByRole("link", { name: "Descargar .ics" }).getAttribute("href");
  expect(icsHref).toBe(`/api/events/${id}.ics`);
  const ics = await page.request.get(icsHref!);
  expect(ics.ok()).toBe(true);
  const text = (await ics.text()).replace(/\r\n[ \t]/g, "");
  expect(text).toContain("BEGIN:VCALENDAR");
  expect(text).toContain(`SUMMARY:${title}`);
  const google = new URL((await page.getByRole("link", { name: "Agregar a Google Calendar" }).getAttribute("href"))!);
  expect(google.hostname).toBe("calendar.google.com");
  expect(google.searchParams.get("text")).toBe(title);

  // Mine.
  await page.goto("/events/mine/");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // The home's "Hoy".
  await page.goto("/");
  const today = page.getByRole("region", { name: "Hoy" });
  const link = today.getByRole("link", { name: title });
  for (let i = 0; i < 10 && !(await link.isVisible()); i++) {
    const more = today.getByRole("button", { name: "Cargar más" });
    if (!(await more.isVisible())) break;
    await more.click();
    await expect(today.getByRole("button", { name: "Cargando..." })).toHaveCount(0);
  }
  await expect(link).toBeVisible();

  // The place's page.
  const places = await api<{ items: { _id: string; name: string }[] }>("GET", "/places", { query: { limit: "50" } });
  const purcell = places.data.items.find((p) => p.name === "Casa Purcell")!;
  await page.goto(`/places/${purcell._id}/`);
  await expect(page.getByRole("region", { name: "Próximos eventos aquí" }).getByRole("link", { name: title })).toBeVisible();
});
