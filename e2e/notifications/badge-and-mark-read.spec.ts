import { expect, test } from "@playwright/test";
import { newAccount } from "../content/support";
import { JOURNEY_TIMEOUT_MS, SLOW, badgeCount, inboxList, sendNotifications, serverUnread, signInWhenReady } from "./support";

// Notifications that arrived while the app was closed are counted at start (the server's count),
// the inbox shows them as new, opening one reads it, and 'Marcar todas como leídas' reads them
// all: the badge goes to zero and stays there after a reload.

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test("la insignia cuenta lo que llegó con la app cerrada; abrir una y marcar todas las leen", async ({ page }) => {
  const person = await newAccount("Lucía Bandeja");
  // Before the app is ever opened.
  await sendNotifications(person.uid, 3, "Mientras dormías");

  await signInWhenReady(page, person);
  await expect.poll(() => badgeCount(page), SLOW).toBe(3);
  await expect(page.getByTestId("notifications-badge")).toHaveText("3 sin leer");
  // A reload counts from the server again, not from what arrived live.
  await page.reload();
  await expect.poll(() => badgeCount(page)).toBe(3);

  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /Notificaciones/ }).click();
  const list = inboxList(page);
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByText("Nueva", { exact: true })).toHaveCount(3);
  // Opening the inbox reads nothing by itself.
  await expect.poll(() => badgeCount(page)).toBe(3);

  // An admin message has no link: it is read with its own button.
  await list.getByRole("listitem").filter({ hasText: "Mientras dormías 2" }).getByRole("button", { name: "Marcar como leída" }).click();
  await expect.poll(() => badgeCount(page)).toBe(2);
  await expect(list.getByText("Nueva", { exact: true })).toHaveCount(2);
  expect(await serverUnread(person.token)).toBe(2);

  await page.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect.poll(() => badgeCount(page)).toBe(0);
  await expect(list.getByText("Nueva", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Marcar todas como leídas" })).toBeDisabled();
  expect(await serverUnread(person.token)).toBe(0);

  await page.reload();
  await expect(inboxList(page).getByRole("listitem")).toHaveCount(3);
  await expect.poll(() => badgeCount(page)).toBe(0);
});
