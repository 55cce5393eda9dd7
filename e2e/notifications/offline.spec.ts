import { expect, test } from "@playwright/test";
import { newAccount } from "../content/support";
import { persistedCache } from "../support/accounts";
import { JOURNEY_TIMEOUT_MS, SLOW, inboxList, offlineReady, sendNotifications, signInWhenReady } from "./support";

// A reload offline needs the service worker, blocked for other journeys (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The inbox without a connection: the copy kept from the last visit (never a skeleton that does
// not end), or, with nothing kept, a clear offline state rather than "no notifications".

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test("sin conexión la bandeja muestra las notificaciones guardadas", async ({ page, context }) => {
  const person = await newAccount("Olga Sinred");
  await sendNotifications(person.uid, 3, "Guardada");

  await page.goto("/");
  await offlineReady(page);
  await signInWhenReady(page, person);
  await page.goto("/notifications/");
  await expect(inboxList(page).getByRole("listitem")).toHaveCount(3, SLOW);
  // Offline, only what the device kept can show: wait until the persisted copy holds the inbox (it
  // is written at most once a second, later on a busy machine), not a fixed time.
  await expect.poll(async () => JSON.stringify(await persistedCache(page)).includes("Guardada 3"), SLOW).toBe(true);

  await context.setOffline(true);
  await page.reload();
  const list = inboxList(page);
  await expect(list.getByRole("listitem")).toHaveCount(3, SLOW);
  await expect(list.getByText("Guardada 3")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /Cargando/ })).toHaveCount(0);
  // Reading needs the server: the button waits for the connection.
  await expect(page.getByRole("button", { name: "Marcar todas como leídas" })).toBeDisabled();

  // Through the navigation too.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /Notificaciones/ }).click();
  await expect(inboxList(page).getByText("Guardada 1")).toBeVisible(SLOW);
  await context.setOffline(false);
});

test("sin conexión y sin copia guardada, la bandeja dice que no hay conexión", async ({ page, context }) => {
  const person = await newAccount("Iván Sincopia");
  await sendNotifications(person.uid, 1, "Nunca vista");
  await page.goto("/");
  await offlineReady(page);
  // The inbox never reached this browser: the connection failed every time it was asked for.
  await page.route("**/api/notifications?**", (route) => route.abort("internetdisconnected"));
  await signInWhenReady(page, person);
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await page.goto("/notifications/");
  await expect(page.getByText("Sin conexión")).toBeVisible(SLOW);
  await expect(page.getByText("Tus notificaciones aparecerán aquí cuando vuelvas a estar en línea.")).toBeVisible();
  await expect(page.getByText("Aún no tienes notificaciones.")).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: /Cargando/ })).toHaveCount(0);

  // Back online the inbox loads by itself.
  await page.unroute("**/api/notifications?**");
  await context.setOffline(false);
  await expect(inboxList(page).getByText("Nunca vista 1")).toBeVisible({ timeout: 20_000 });
});
