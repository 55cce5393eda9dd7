import { expect, test } from "@playwright/test";
import Parser from "rss-parser";
import { ORGANIZER, api, createEventByApi, saltilloDaysAhead, tokenFor } from "./support";

// Subscribing to a place's feed the way a reader would: the page offers the address, a real
// feed parser reads it, and the place's new event is there with its title, date and link.
test("suscribirse al feed de un lugar y leerlo con un lector de feeds", async ({ page, request }) => {
  const places = await api<{ items: { _id: string; name: string }[] }>("GET", "/places", { query: { limit: "50" } });
  const place = places.data.items.find((p) => p.name === "Biblioteca Pública Central")!;
  const title = `Lectura en voz alta ${Date.now().toString(36)}`;
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, startsAt: saltilloDaysAhead(3), placeId: place._id });

  await page.goto(`/places/${place._id}/`);
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("title", `Eventos en ${place.name}`);
  await page.getByRole("button", { name: "Suscribirse" }).click();
  const dialog = page.getByRole("dialog", { name: `Suscribirse: Eventos en ${place.name}` });
  await expect(dialog).toContainText("Copia esta dirección en tu lector de noticias");
  const url = await dialog.getByRole("textbox", { name: "RSS" }).inputValue();
  expect(url).toMatch(new RegExp(`/api/feeds/events\\.rss\\?placeId=${place._id}$`));

  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const feed = await new Parser().parseString(await res.text());
  expect(feed.title).toBe(`Eventos en ${place.name} · Plaza`);
  const item = feed.items.find((i) => i.title === title);
  expect(item?.link).toMatch(new RegExp(`^https?://[^/]+/events/${event._id}$`));
  // The date and the place, in the city's words (e.g. "12 de diciembre de 2026 a las 7:00 p.m. · Biblioteca…").
  expect(item?.content).toMatch(new RegExp(`^\\d{1,2} de \\p{L}+ de \\d{4} a las 7:00 p\\.\\s?m\\. · ${place.name}$`, "u"));

  // A reader polling again with the ETag it got costs a 304 and no body.
  const again = await request.get(url, { headers: { "if-none-match": res.headers().etag! } });
  expect(again.status()).toBe(304);
});

// The home has no "Suscribirse" button, but a feed reader given the site's address finds the
// city's upcoming events through the <link> in the HTML it downloads (it runs no script).
test("el inicio anuncia en su HTML el feed de los próximos eventos de la ciudad", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes('rel="alternate"') && tag.includes('type="application/rss+xml"'));
  expect(links).toHaveLength(1);
  expect(links[0]).toContain('title="Próximos eventos"');
  const href = /href="([^"]+)"/.exec(links[0]!)![1]!;
  const feed = await new Parser().parseString(await (await request.get(href)).text());
  expect(feed.items.length).toBeGreaterThan(0);
  await page.goto("/");
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("title", "Próximos eventos");
  await expect(page.getByRole("button", { name: "Suscribirse" })).toHaveCount(0);
});
