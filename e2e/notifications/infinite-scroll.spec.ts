import { expect, test } from "@playwright/test";
import { newAccount } from "../content/support";
import { JOURNEY_TIMEOUT_MS, SLOW, badgeCount, inboxList, sendNotifications, signInWhenReady } from "./support";

// The inbox pages past 50: the next page loads when the end scrolls into view, 'Cargar más'
// asks for it from the keyboard, and the end of the list says so.

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test("la bandeja carga más allá de 50 al desplazarse y con 'Cargar más', y dice cuándo se acaba", async ({ page }) => {
  const person = await newAccount("Pablo Desplaza");
  await sendNotifications(person.uid, 112, "Lote");

  await signInWhenReady(page, person);
  await expect.poll(() => badgeCount(page)).toBe(99);
  await expect(page.getByTestId("notifications-badge")).toHaveText("99+ sin leer");
  await page.goto("/notifications/");
  const items = inboxList(page).getByRole("listitem");
  await expect(items).toHaveCount(50, SLOW);
  await expect(items.first()).toContainText("Lote 112");
  await expect(page.getByText("No hay más notificaciones.")).toHaveCount(0);

  // Scrolling to the end loads the next 50.
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(100, SLOW);
  await expect(items.nth(50)).toContainText("Lote 62");

  // The button, from the keyboard: the last 12.
  const more = page.getByRole("button", { name: "Cargar más" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(112, SLOW);
  await expect(items.last()).toContainText("Lote 1");
  await expect(page.getByText("No hay más notificaciones.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cargar más" })).toHaveCount(0);
  // No item twice.
  const numbers = (await items.allTextContents()).map((text) => /Lote (\d+)/.exec(text)?.[1]);
  expect(new Set(numbers).size).toBe(112);
});
