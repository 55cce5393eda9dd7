import { expect, test } from "@playwright/test";

const PLAY = "Obra de teatro: «El sarape de la abuela»";

test("«tatro» encuentra la obra de teatro con la palabra marcada, y su etiqueta lleva a los eventos de teatro", async ({ page }) => {
  await page.goto("/search/");
  const box = page.getByRole("searchbox", { name: "¿Qué buscas?" });
  await expect(box).toBeEditable();
  await box.fill("tatro");

  const play = page.getByRole("region", { name: /Eventos/ }).getByRole("link", { name: PLAY });
  await expect(play).toBeVisible();
  await expect(play.locator("mark")).toHaveText(["teatro"]);

  await play.click();
  await expect(page).toHaveURL(/\/events\/[^/]+\/$/);
  await page.getByRole("list", { name: "Etiquetas" }).getByRole("link", { name: "Eventos con la etiqueta Teatro" }).click();

  await expect(page).toHaveURL(/\/search\/\?tag=teatro$/);
  await expect(page.getByRole("heading", { name: "Eventos con la etiqueta «Teatro»" })).toBeVisible();
  await expect(page.getByRole("link", { name: PLAY })).toBeVisible();
  await expect(page.getByRole("link", { name: "Teatro para bebés: «Burbujas»" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Dinosaurios del norte/ })).toHaveCount(0);
});
