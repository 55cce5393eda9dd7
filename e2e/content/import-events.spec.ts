import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_PORT, IMPORT_FIXTURES_OFFSET } from "../support/server";
import { ORGANIZER, api, saltilloDaysAhead, signIn } from "./support";

// An organiser brings in what they already publish elsewhere, from addresses a real site would
// serve (here a local HTTP server in the real formats): a calendar feed with a weekly series,
// imported twice without duplicates, and an event page described with schema.org JSON-LD.

const FIXTURES = `http://127.0.0.1:${E2E_PORT + IMPORT_FIXTURES_OFFSET}`;
const stamp = Date.now().toString(36);
const SERIES_TITLE = `Círculo de lectura ${stamp}`;
const PAGE_TITLE = `Noche de danzón ${stamp}`;

/** "YYYYMMDDTHHMMSS" of an ISO instant written with the city's -06:00 offset. */
const icsLocal = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, "");

const files: Record<string, { type: string; body: string }> = {
  "agenda.ics": {
    type: "text/calendar; charset=utf-8",
    body: [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Librería La Alameda//Agenda//ES",
      "BEGIN:VTIMEZONE",
      "TZID:America/Monterrey",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:-0600",
      "TZOFFSETTO:-0600",
      "TZNAME:CST",
      "END:STANDARD",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      `UID:circulo-${stamp}@libreria.example`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART;TZID=America/Monterrey:${icsLocal(saltilloDaysAhead(3, 18))}`,
      `DTEND;TZID=America/Monterrey:${icsLocal(saltilloDaysAhead(3, 20))}`,
      "RRULE:FREQ=WEEKLY;COUNT=4",
      `SUMMARY:${SERIES_TITLE}`,
      "DESCRIPTION:Leemos juntos un cuento cada semana.",
      "LOCATION:Biblioteca Pública Central",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
  },
  "danzon.html": {
    type: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${PAGE_TITLE}</title>
<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "DanceEvent",
      name: PAGE_TITLE,
      description: "Orquesta en vivo en la plaza.",
      startDate: saltilloDaysAhead(9, 20),
      location: { "@type": "Place", name: "Plaza de Armas", address: { "@type": "PostalAddress", streetAddress: "Hidalgo y Juárez", addressLocality: "Saltillo" } },
    })}</script></head><body><h1>${PAGE_TITLE}</h1></body></html>`,
  },
};

let site: http.Server;
test.beforeAll(async () => {
  site = http.createServer((request, response) => {
    const file = files[new URL(request.url!, "http://x").pathname.slice(1)];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => site.listen(E2E_PORT + IMPORT_FIXTURES_OFFSET, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function importFrom(page: import("@playwright/test").Page, url: string) {
  await page.getByLabel("Dirección del calendario o de la página del evento").fill(url);
  await page.getByRole("button", { name: "Vista previa" }).click();
}

test("importar dos veces un calendario con una serie semanal no duplica nada", async ({ page }) => {
  await signIn(page, ORGANIZER);
  await page.goto("/events/mine/");
  await page.getByRole("link", { name: "Importar eventos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar eventos" })).toBeVisible();

  await importFrom(page, `${FIXTURES}/agenda.ics`);
  const toCreate = page.getByRole("list", { name: "Se crearán" });
  await expect(toCreate).toContainText(SERIES_TITLE);
  await expect(toCreate).toContainText("y 3 fechas más · Biblioteca Pública Central");
  await page.getByRole("button", { name: "Importar 1 evento" }).click();
  await expect(page.getByRole("list", { name: "Creados" }).getByRole("link", { name: SERIES_TITLE })).toBeVisible();
  await expect(page.getByText("Importación lista: 1 evento nuevo, 0 actualizados.")).toBeVisible();

  // The same feed again: recognised by its UID, nothing to do.
  await importFrom(page, `${FIXTURES}/agenda.ics`);
  await expect(page.getByRole("list", { name: "Se omitirán" })).toContainText(`${SERIES_TITLE}: Sin cambios desde la última importación.`);
  await expect(page.getByRole("button", { name: "Nada que importar" })).toBeDisabled();

  const events = await api<{ items: { title: string; startsAt: string }[] }>("GET", "/events", { query: { organizerId: ORGANIZER.uid!, limit: "50" } });
  const series = events.data.items.filter((e) => e.title === SERIES_TITLE);
  expect(series).toHaveLength(4);
  expect(new Set(series.map((e) => e.startsAt)).size).toBe(4);
  await page.goto("/events/mine/");
  await expect(page.getByRole("link", { name: SERIES_TITLE }).first()).toBeVisible();
});

test("importar un evento desde una página con JSON-LD y abrir su página en Plaza", async ({ page }) => {
  await signIn(page, ORGANIZER);
  await page.goto("/events/import/");
  await importFrom(page, `${FIXTURES}/danzon.html`);
  await expect(page.getByRole("list", { name: "Se crearán" })).toContainText(`${PAGE_TITLE}`);
  await expect(page.getByRole("list", { name: "Se crearán" })).toContainText("Plaza de Armas");
  await page.getByRole("button", { name: "Importar 1 evento" }).click();
  await page.getByRole("list", { name: "Creados" }).getByRole("link", { name: PAGE_TITLE }).click();
  await expect(page.getByRole("heading", { level: 1, name: PAGE_TITLE })).toBeVisible();
  await expect(page.getByText("Orquesta en vivo en la plaza.")).toBeVisible();
  await expect(page.getByText("Plaza de Armas", { exact: false }).first()).toBeVisible();
});
