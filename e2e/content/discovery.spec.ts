import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { persistedCache } from "../support/accounts";
import { waitForOfflineReady } from "../support/pwa";
import { ORGANIZER, api, blankTiles, createEventByApi, newAccount, saltilloDaysAhead, signIn, tokenFor } from "./support";

// The first journey reloads offline: the service worker, blocked for other journeys (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The discovery page (issue 12): filters chosen in the form land in the URL, a reload keeps them
// and their results, and the same URL reloads offline from the persisted cache.

const SALTILLO = { latitude: 25.4232, longitude: -101.0053 };

test("los filtros viven en la URL: sobreviven a una recarga y se vuelven a abrir sin conexión", async ({ browser }) => {
  const context = await browser.newContext({ geolocation: SALTILLO, permissions: ["geolocation"] });
  try {
    await journey(await context.newPage(), context);
  } finally {
    await context.close();
  }
});

test("con un perfil de accesibilidad: «Usar mis necesidades», sin permiso de ubicación y sin resultados", async ({ page, context }) => {
  const person = await newAccount("Rocío Prueba");
  const saved = await api("PUT", "/users/my-data", { token: person.token, body: { accessibilityNeeds: ["sign-language", "accessible-parking"] } });
  expect(saved.status, saved.message).toBe(200);
  await context.clearPermissions();
  await signIn(page, person);
  await page.goto("/explore/");
  const filters = page.getByRole("form", { name: "Filtros" });
  await filters.getByRole("button", { name: "Usar mis necesidades" }).click();
  await expect(page).toHaveURL(/\/explore\/\?accessibility=sign-language,accessible-parking$/);
  await expect(filters.getByRole("checkbox", { name: "Estacionamiento accesible" })).toBeChecked();

  await filters.getByLabel("Cerca de").selectOption({ label: "Mi ubicación" });
  await expect(filters.getByRole("alert")).toHaveText("No diste permiso para usar tu ubicación. Actívalo en tu navegador o elige una dirección guardada.");
  await expect(page).not.toHaveURL(/near=/);

  // Nothing matches: the empty state suggests dropping the last filter.
  await filters.getByLabel("Modalidad").selectOption({ label: "En línea" });
  await filters.getByLabel("Categoría del lugar").selectOption({ label: "Museo" });
  await expect(page.getByText("No hay eventos con estos filtros.")).toBeVisible();
  await expect(page.getByText("Prueba quitando «Estacionamiento accesible» o usa «Limpiar filtros».")).toBeVisible();
  await expect(page.getByTestId("results-count")).toHaveText("Sin resultados");
});

async function journey(page: Page, context: BrowserContext) {
  const token = await tokenFor(ORGANIZER);
  const stamp = Date.now().toString(36);
  const day = saltilloDaysAhead(4).slice(0, 10);
  const match = await createEventByApi(token, {
    title: `Lectura en voz alta ${stamp}`,
    startsAt: saltilloDaysAhead(4, 18),
    address: "Alameda Zaragoza, Saltillo",
    lat: 25.4261,
    lng: -101.0069,
    accessibilityFeatures: ["sign-language", "quiet-space"],
  });
  // Each misses one filter: it costs, it is online only, it lacks a need, it is far away.
  const paid = await createEventByApi(token, {
    title: `Lectura con costo ${stamp}`,
    startsAt: saltilloDaysAhead(4, 17),
    address: "Alameda Zaragoza, Saltillo",
    lat: 25.4261,
    lng: -101.0069,
    priceType: "paid",
    priceAmount: 250,
    accessibilityFeatures: ["sign-language", "quiet-space"],
  });
  const online = await createEventByApi(token, { title: `Lectura en línea ${stamp}`, startsAt: saltilloDaysAhead(4, 16), onlineUrl: "https://meet.example.org/lectura", accessibilityFeatures: ["sign-language", "quiet-space"] });
  const far = await createEventByApi(token, {
    title: `Lectura en Monterrey ${stamp}`,
    startsAt: saltilloDaysAhead(4, 15),
    address: "Macroplaza, Monterrey",
    lat: 25.6694,
    lng: -100.3097,
    accessibilityFeatures: ["sign-language", "quiet-space"],
  });
  await blankTiles(context);

  await page.goto("/search/");
  await waitForOfflineReady(page);
  await page.getByRole("link", { name: "Explorar eventos con filtros" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Explorar eventos" })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filtros" });
  await filters.getByLabel("Fecha").selectOption({ label: "Entre fechas" });
  await filters.getByLabel("Desde").fill(day);
  await filters.getByLabel("Hasta").fill(day);
  await filters.getByLabel("Precio").selectOption({ label: "Gratis" });
  await filters.getByLabel("Modalidad").selectOption({ label: "Presencial" });
  await filters.getByLabel("Cerca de").selectOption({ label: "Mi ubicación" });
  await filters.getByLabel("Distancia").selectOption({ label: "Hasta 3 km" });
  await filters.getByRole("checkbox", { name: "Interpretación en lengua de señas" }).check();
  await filters.getByRole("checkbox", { name: "Espacio tranquilo o de baja estimulación" }).check();

  await expect(page).toHaveURL(
    new RegExp(`/explore/\\?when=range&from=${day}&to=${day}&price=free&mode=in-person&near=here&lat=25\\.423&lng=-101\\.005&radius=3&accessibility=sign-language,quiet-space$`),
  );
  const results = page.getByRole("list", { name: "Resultados" });
  const expectResults = async () => {
    await expect(results.getByRole("link", { name: match.title })).toBeVisible();
    for (const other of [paid, online, far]) await expect(results.getByRole("link", { name: other.title })).toHaveCount(0);
    await expect(page.getByTestId("results-count")).toHaveText(/^\d+ eventos?$/);
  };
  await expectResults();
  const chips = page.getByRole("list", { name: "Filtros activos" });
  await expect(chips.getByRole("button", { name: "Quitar filtro: Gratis" })).toBeVisible();
  await expect(chips.getByRole("button", { name: "Quitar filtro: A 3 km de tu ubicación" })).toBeVisible();

  // The map shows the same results, every one of them in person here, and says so in Spanish
  // whatever their number; the list stays one click away.
  const found = Number((await page.getByTestId("results-count").textContent())?.match(/^\d+/)?.[0]);
  await page.getByRole("button", { name: "Mapa" }).click();
  await expect(page.getByRole("button", { name: "Mapa" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("region", { name: "Mapa de resultados" })).toHaveAttribute("data-state", "ready");
  await expect(page.getByText(found === 1 ? "El evento tiene ubicación en el mapa." : `Los ${found} eventos tienen ubicación en el mapa.`)).toBeVisible();
  await page.getByRole("button", { name: "Lista" }).click();
  // The view lives in the URL too: a reload before it leaves would open the map again.
  await expect(page).not.toHaveURL(/[?&]view=map/);

  // A reload keeps every filter and the results.
  await page.reload();
  await expect(filters.getByLabel("Precio")).toHaveValue("free");
  await expect(filters.getByLabel("Modalidad")).toHaveValue("in-person");
  await expect(filters.getByLabel("Desde")).toHaveValue(day);
  await expect(filters.getByRole("checkbox", { name: "Interpretación en lengua de señas" })).toBeChecked();
  await expectResults();

  // Offline, the same URL opens from the precached page and the persisted query cache.
  const url = page.url();
  // Once the app has saved them (a throttled write; a fixed wait loses that race on a busy machine).
  await expect.poll(async () => JSON.stringify(await persistedCache(page)).includes(match.title)).toBe(true);
  await context.setOffline(true);
  await page.goto(url);
  await expect(filters.getByLabel("Distancia")).toHaveValue("3");
  await expectResults();

  // Removing a chip widens the search; "Limpiar filtros" empties the URL.
  await context.setOffline(false);
  await chips.getByRole("button", { name: "Quitar filtro: Gratis" }).click();
  await expect(results.getByRole("link", { name: paid.title })).toBeVisible();
  await expect(page).not.toHaveURL(/price=/);
  await page.getByRole("button", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL(/\/explore\/$/);
  await expect(page.getByRole("list", { name: "Filtros activos" })).toHaveCount(0);
}
