import { expect, test } from "@playwright/test";
import { ADMIN, newAccount, tokenFor } from "../content/support";
import { JOURNEY_TIMEOUT_MS, SLOW, badgeCount, inboxList, serverUnread, signInWhenReady } from "./support";

// An admin with the app open is told at once when someone asks to be verified, and the
// notification opens the verification queue with the request in it.

// Two people sign in from cold contexts: twice the usual budget on the shared machine.
test.describe.configure({ timeout: 2 * JOURNEY_TIMEOUT_MS });

test("la administración recibe en vivo el aviso de una solicitud de verificación y llega a la cola", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInWhenReady(admin, ADMIN);
    await admin.goto("/");
    await expect(admin.getByRole("navigation", { name: "Navegación principal" })).toBeVisible(SLOW);
    // The count the admin starts with is the server's (the seed and earlier journeys leave some).
    const before = await serverUnread(await tokenFor(ADMIN));
    await expect.poll(() => badgeCount(admin), SLOW).toBe(Math.min(before, 99));

    const person = await newAccount("Nora Solicita");
    await signInWhenReady(page, person);
    await expect(page).toHaveURL(/\/profile\/$/);
    await expect(page.getByLabel("Tipo de verificación")).toBeVisible(SLOW);
    await page.getByLabel("Tipo de verificación").selectOption({ label: "Colectivo artístico o cultural" });
    await page.getByRole("button", { name: "Solicitar verificación" }).click();
    await expect(page.getByText("Solicitud enviada")).toBeVisible(SLOW);

    // The admin, without reloading: the toast and one more on the badge.
    await expect(admin.getByText("Nora Solicita pidió verificar su cuenta (Colectivo artístico o cultural).")).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => badgeCount(admin)).toBe(before + 1);

    await admin.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /Notificaciones/ }).click();
    const notice = inboxList(admin).getByRole("link", { name: /Nueva solicitud de verificación/ }).first();
    await expect(notice).toContainText("Nora Solicita", SLOW);
    await notice.click();
    await expect(admin).toHaveURL(/\/panel\/users\/verify\/$/);
    await expect(admin.getByRole("listitem", { name: "Nora Solicita" })).toBeVisible();
    // Opening it read it.
    await expect.poll(() => badgeCount(admin)).toBe(before);
  } finally {
    await adminContext.close();
  }
});
