import { expect, test } from "@playwright/test";
import { openPage } from "../support/accounts";

// The home ends with the city's upcoming events and, under them, the footer (privacy, terms, the
// moderation log). The demo alone has more than two pages of upcoming events: if reaching the end
// loaded the next page by itself, the footer would move away each time someone got to it, and a
// city with hundreds of events would have a footer nobody can reach.

test("al final del inicio el pie de página se queda a la vista y los próximos eventos siguen con «Cargar más»", async ({ page }) => {
  await openPage(page, "/");
  const section = page.getByRole("region", { name: "Próximos eventos", exact: true });
  // The cards, not the lists inside them (their tags).
  const cards = section.getByRole("list", { name: "Próximos eventos" }).locator(":scope > li");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Registro de moderación" });

  // To the end, as with the End key; again once the sections on the way have been drawn, since
  // they grow as they arrive.
  await page.keyboard.press("End");
  await expect(cards).toHaveCount(20);
  await page.waitForLoadState("networkidle");
  await page.keyboard.press("End");
  await expect(footerLink).toBeInViewport();
  await page.waitForLoadState("networkidle");
  await expect(cards).toHaveCount(20);
  await expect(footerLink).toBeInViewport();

  // More only when asked for.
  await section.getByRole("button", { name: "Cargar más" }).click();
  await expect(cards).toHaveCount(40);

  await page.keyboard.press("End");
  await footerLink.click();
  await expect(page).toHaveURL(/\/moderation\/$/);
});
