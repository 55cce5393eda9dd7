import { expect, test, type Locator } from "@playwright/test";

// The demo city is seen with pictures, as a visitor would see an agenda people filled in: a card
// downloads the small file of its picture and the event page its cover, both really drawn.

/** The file the browser chose from the set, and whether it decoded (a broken or pending one has no size). */
async function shown(image: Locator): Promise<{ file: string; decoded: boolean }> {
  return image.evaluate((img: HTMLImageElement) => ({ file: new URL(img.currentSrc || img.src).pathname, decoded: img.complete && img.naturalWidth > 0 }));
}

test("la agenda de demostración se ve con imágenes: miniatura en la tarjeta y portada en el evento", async ({ page }) => {
  await page.goto("/");
  // The demo always has something on today (the seed's test says so): the page's first card.
  const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").first();
  const thumb = card.locator("img");
  // The card's thumbnail is 96 px wide: the smallest of the three files is enough.
  await expect.poll(() => shown(thumb)).toEqual({ file: expect.stringMatching(/^\/uploads\/content\/[0-9a-f-]{36}\/480\.webp$/), decoded: true });

  const title = (await card.getByRole("link").first().textContent()) ?? "";
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const cover = page.getByRole("main").locator("img").first();
  await expect.poll(() => shown(cover)).toEqual({ file: expect.stringMatching(/^\/uploads\/content\/[0-9a-f-]{36}\/960\.webp$/), decoded: true });
});

test.describe("en un teléfono", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("la portada del evento se ve en 16:9, no recortada en un cuadrado", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").first();
    const title = (await card.getByRole("link").first().textContent()) ?? "";
    await card.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const cover = page.getByRole("main").locator("img").first();
    await expect.poll(() => shown(cover)).toMatchObject({ decoded: true });
    const box = await cover.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.height - (box!.width * 9) / 16)).toBeLessThanOrEqual(1);
  });
});
