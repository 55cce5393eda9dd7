import { expect, test } from "@playwright/test";
import { TILE, api, blankTiles } from "./support";

async function teatro() {
  const places = await api<{ items: { _id: string; name: string; addressLine: string }[] }>("GET", "/places", { query: { limit: "50" } });
  return places.data.items.find((p) => p.name === "Teatro Fernando Soler")!;
}

test("el mapa de un lugar muestra teselas cuando cargan", async ({ page, context }) => {
  let served = 0;
  await blankTiles(context, () => (served += 1));
  const place = await teatro();
  await page.goto(`/places/${place._id}/`);
  // The map loads as it nears the viewport, as when a person scrolls down to it.
  await page.getByTestId("map-address").scrollIntoViewIfNeeded();
  const map = page.getByRole("img", { name: `Mapa de ${place.name}` });
  await expect(map).toHaveAttribute("data-state", "ready");
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  expect(served).toBeGreaterThan(0);
  await expect(page.getByTestId("map-address")).toHaveText(place.addressLine);
});

test("sin teselas, el mapa cede su lugar a la dirección escrita", async ({ page, context }) => {
  await context.route(TILE, (route) => route.abort());
  const place = await teatro();
  await page.goto(`/places/${place._id}/`);
  await page.getByTestId("map-address").scrollIntoViewIfNeeded();
  await expect(page.getByText("No se pudo cargar el mapa. La dirección está aquí abajo.")).toBeVisible();
  await expect(page.getByRole("img", { name: `Mapa de ${place.name}` })).toHaveCount(0);
  await expect(page.getByTestId("map-address")).toHaveText(place.addressLine);
  await expect(page.getByRole("link", { name: "Abrir en OpenStreetMap" })).toHaveAttribute("href", /openstreetmap\.org/);
});

test("en el teléfono, el mapa bajo el pliegue no descarga nada hasta que uno se acerca", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 664 });
  const tiles: string[] = [];
  await blankTiles(context, (url) => tiles.push(url));
  const place = await teatro();
  await page.goto(`/places/${place._id}/`);
  await expect(page.getByRole("heading", { level: 1, name: place.name })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(tiles).toHaveLength(0);
  await page.getByTestId("map-address").scrollIntoViewIfNeeded();
  await expect(page.getByRole("img", { name: `Mapa de ${place.name}` })).toHaveAttribute("data-state", "ready");
  expect(tiles.length).toBeGreaterThan(0);
});
