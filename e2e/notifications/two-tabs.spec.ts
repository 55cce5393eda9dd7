import { expect, test } from "@playwright/test";
import { newAccount } from "../content/support";
import { JOURNEY_TIMEOUT_MS, SLOW, badgeCount, inboxList, sendNotifications, signInWhenReady } from "./support";

// Two tabs of the app share the unread count: a notification arriving shows once in each (not
// twice in either), and marking read in one clears the badge in the other without a reload.

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test("dos pestañas comparten la insignia: una llegada cuenta una vez en cada una; leer en una limpia la otra", async ({ context }) => {
  const person = await newAccount("Tere Pestañas");
  await sendNotifications(person.uid, 2, "Antes");

  const first = await context.newPage();
  await signInWhenReady(first, person);
  await expect.poll(() => badgeCount(first), SLOW).toBe(2);
  const second = await context.newPage();
  await second.goto("/notifications/");
  await expect(inboxList(second).getByRole("listitem")).toHaveCount(2, SLOW);
  await expect.poll(() => badgeCount(second)).toBe(2);

  // One arrives while both are open: each tab counts it once.
  await sendNotifications(person.uid, 1, "En vivo");
  await expect.poll(() => badgeCount(first), { timeout: 15_000 }).toBe(3);
  await expect.poll(() => badgeCount(second), { timeout: 15_000 }).toBe(3);
  await expect(inboxList(second).getByRole("listitem")).toHaveCount(3);
  await second.waitForTimeout(1000);
  expect(await badgeCount(first)).toBe(3);
  expect(await badgeCount(second)).toBe(3);

  // Reading one in the inbox tab lowers the other tab's badge.
  await inboxList(second).getByRole("listitem").filter({ hasText: "En vivo 1" }).getByRole("button", { name: "Marcar como leída" }).click();
  await expect.poll(() => badgeCount(second)).toBe(2);
  await expect.poll(() => badgeCount(first)).toBe(2);

  // 'Marcar todas' in the other direction: the first tab opens the inbox and reads all.
  await first.goto("/notifications/");
  await expect(inboxList(first).getByRole("listitem")).toHaveCount(3, SLOW);
  await first.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect.poll(() => badgeCount(first)).toBe(0);
  await expect.poll(() => badgeCount(second)).toBe(0);
  await expect(inboxList(second).getByText("Nueva", { exact: true })).toHaveCount(0);
});
