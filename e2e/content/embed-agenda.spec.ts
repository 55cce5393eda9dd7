import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../support/server";
import { ORGANIZER, api, createEventByApi, saltilloDaysAhead, tokenFor } from "./support";

// A community puts its agenda on its own site: the code comes from 'Insertar en tu sitio' on its
// page in Plaza, the host page is served from another origin, and the events show up inside the
// frame, which the script sizes to its content.
test("insertar la agenda de una comunidad en un sitio de otro origen: se ven sus eventos y el marco se ajusta", async ({ page, browser }) => {
  const token = await tokenFor(ORGANIZER);
  const name = `Colectivo Insertado ${Date.now().toString(36)}`;
  const community = await api<{ _id: string }>("POST", "/communities", { token, body: { name, description: "Un colectivo con sitio propio." } });
  expect(community.status, community.message).toBe(201);
  const title = `Taller de grabado ${Date.now().toString(36)}`;
  const event = await createEventByApi(token, { title, startsAt: saltilloDaysAhead(4), address: "Calle Victoria 123", communityId: community.data._id });

  await page.goto(`/communities/${community.data._id}/`);
  await page.getByRole("button", { name: "Insertar en tu sitio" }).click();
  const dialog = page.getByRole("dialog", { name: `Insertar en tu sitio: Eventos de ${name}` });
  await dialog.getByLabel("Tema").selectOption("dark");
  // The preview shows this very agenda before anything is copied.
  await expect(dialog.frameLocator("iframe").getByRole("link", { name: title })).toBeVisible();
  const snippet = await dialog.getByLabel("Código para tu sitio").inputValue();
  expect(snippet).toContain(`data-community-id="${community.data._id}"`);
  expect(snippet).toContain('data-theme="dark"');

  // The community's own site, on another origin than Plaza's.
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="es"><head><title>Sitio del colectivo</title></head><body><h1>Sitio del colectivo</h1>${snippet}<p id="pie">Pie de página</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(E2E_PORT + 4, "127.0.0.1", resolve));
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    expect(new URL(siteUrl).origin).not.toBe(new URL(page.url()).origin);
    await visitor.goto(siteUrl);
    const frameElement = visitor.locator('iframe[title^="Agenda de Plaza"]');
    const agenda = visitor.frameLocator('iframe[title^="Agenda de Plaza"]');
    await expect(agenda.getByRole("heading", { name: `Próximos eventos de ${name}` })).toBeVisible();
    const link = agenda.getByRole("link", { name: title });
    await expect(link).toBeVisible();
    expect(await link.getAttribute("href")).toMatch(new RegExp(`/events/${event._id}$`));
    expect(await link.getAttribute("target")).toBe("_blank");

    // Sized to its content (not the script's first 320 px), so the host's footer follows it.
    const contentHeight = await agenda.locator("html").evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
    await expect.poll(async () => Math.round((await frameElement.boundingBox())!.height)).toBe(contentHeight);
    expect(contentHeight).not.toBe(320);
    const frameBox = (await frameElement.boundingBox())!;
    const footer = (await visitor.locator("#pie").boundingBox())!;
    expect(footer.y).toBeGreaterThanOrEqual(frameBox.y + frameBox.height);
  } finally {
    await context.close();
    await new Promise((resolve) => site.close(resolve));
  }
});
