import { expect, test } from "@playwright/test";
import { createUser, openAdminPage, signInThroughUi } from "../support/accounts";

test("pedir la verificación → un admin la aprueba en el panel → la insignia y el aviso llegan sin recargar", async ({ page, browser }) => {
  const user = await createUser("Julia Verificable", "verificar");
  await signInThroughUi(page, user);
  await expect(page.getByTestId("verified-badge")).toHaveCount(0);

  await page.getByLabel("Tipo de verificación").selectOption({ label: "Artista o creador" });
  await page.getByRole("button", { name: "Solicitar verificación" }).click();
  await expect(page.getByText("Solicitud enviada")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // An admin, elsewhere, approves it.
  let toastShown: Promise<void> | undefined;
  const adminContext = await browser.newContext();
  try {
    const admin = await openAdminPage(adminContext);
    await admin.goto("/panel/users/verify/");
    const row = admin.getByRole("listitem", { name: "Julia Verificable" });
    await expect(row).toContainText("Artista o creador");
    await row.getByRole("button", { name: "Verificar: Julia Verificable" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "¿Verificar a Julia Verificable?" });
    // The user's page is watched from the moment the admin confirms: the live toast stays a few
    // seconds, and on a busy machine the admin's own steps below can outlast it. Title and body
    // are checked in one look, in the same toast.
    toastShown = expect(
      page
        .getByRole("status")
        .filter({ has: page.getByText("Tu cuenta fue verificada", { exact: true }) })
        .filter({ hasText: "Tu perfil ya muestra la insignia de cuenta verificada." })
        .last(),
    ).toBeVisible({ timeout: 20_000 });
    await confirm.getByRole("button", { name: "Verificar" }).click();
    await expect(admin.getByText("Cuenta verificada")).toBeVisible();
    await expect(admin.getByRole("listitem", { name: "Julia Verificable" })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The user, without reloading: the live notification toast, the badge and the nav count.
  expect(toastShown).toBeDefined();
  await toastShown;
  await expect(page.getByRole("heading", { name: "Julia Verificable" }).getByTestId("verified-badge")).toBeVisible();
  await expect(page.getByTestId("notifications-badge")).toContainText("1");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The notifications page lists it, unread until read: 'Marcar todas como leídas' clears the count.
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /Notificaciones/ }).click();
  await expect(page.getByRole("list", { name: /Notificaciones/ }).getByText("Tu cuenta fue verificada")).toBeVisible();
  await expect(page.getByTestId("notifications-badge")).toContainText("1");
  await page.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
});

test("un admin rechaza la solicitud con un motivo: la persona lo ve y puede pedirla otra vez", async ({ page, browser }) => {
  const user = await createUser("Raúl Rechazado", "rechazo");
  await signInThroughUi(page, user);
  await page.getByLabel("Tipo de verificación").selectOption({ label: "Medio de comunicación" });
  await page.getByRole("button", { name: "Solicitar verificación" }).click();
  await expect(page.getByText("Solicitud enviada")).toBeVisible();

  let toastShown: Promise<void> | undefined;
  const adminContext = await browser.newContext();
  try {
    const admin = await openAdminPage(adminContext);
    await admin.goto("/panel/users/verify/");
    const row = admin.getByRole("listitem", { name: "Raúl Rechazado" });
    await row.getByRole("button", { name: "Rechazar solicitud: Raúl Rechazado" }).click();
    const dialog = admin.getByRole("alertdialog", { name: "¿Rechazar la solicitud de Raúl Rechazado?" });
    // The reason is required.
    await dialog.getByRole("button", { name: "Rechazar solicitud" }).click();
    await expect(dialog.getByText("Escribe el motivo.")).toBeVisible();
    await dialog.getByLabel("Motivo").fill("No encontramos publicaciones del medio.");
    // Watched from the moment the admin decides (see the test above).
    toastShown = expect(page.getByText("Solicitud de verificación rechazada")).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "Rechazar solicitud" }).click();
    await expect(admin.getByText("Solicitud rechazada")).toBeVisible();
  } finally {
    await adminContext.close();
  }

  expect(toastShown).toBeDefined();
  await toastShown;
  await expect(page.getByText("Tu solicitud anterior fue rechazada: No encontramos publicaciones del medio.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Solicitar verificación" })).toBeVisible();
  await expect(page.getByTestId("verified-badge")).toHaveCount(0);
});
