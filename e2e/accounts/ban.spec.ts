import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, apiCall, createUser, openAdminPage, signInIdentity, signInThroughUi } from "../support/accounts";

test("un admin suspende a alguien: sale al siguiente inicio y toda escritura se rechaza", async ({ page, browser }) => {
  const user = await createUser("Héctor Suspendido", "suspendido");
  await signInThroughUi(page, user);

  const adminContext = await browser.newContext();
  try {
    const admin = await openAdminPage(adminContext);
    await admin.goto("/panel/users/");
    await admin.getByRole("searchbox", { name: "Buscar" }).fill(user.email);
    await admin.getByRole("button", { name: "Buscar", exact: true }).click();
    const row = admin.getByRole("listitem", { name: "Héctor Suspendido" });
    await expect(row).toBeVisible();
    // A MASTER account shows no actions at all.
    await row.getByRole("button", { name: "Suspender: Héctor Suspendido" }).click();
    const dialog = admin.getByRole("alertdialog", { name: "¿Suspender a Héctor Suspendido?" });
    await dialog.getByLabel("Motivo").fill("Publicaciones engañosas");
    await dialog.getByRole("button", { name: "Suspender" }).click();
    await expect(admin.getByText("Cuenta suspendida")).toBeVisible();
    await expect(row).toContainText("Suspendida hasta el");
  } finally {
    await adminContext.close();
  }

  // Next start: forced out, told why.
  await page.reload();
  await expect(page.getByText(/Tu cuenta está suspendida hasta el .*Motivo: Publicaciones engañosas/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Héctor Suspendido" })).toHaveCount(0);

  // Signing in again does not let them in either.
  await page.goto("/login-email/");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText(/Tu cuenta está suspendida/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Héctor Suspendido" })).toHaveCount(0);

  // Every write is refused with a Spanish message; reads still work.
  const { idToken } = await signInIdentity(user.email, user.password);
  const writes: [string, string, unknown?][] = [
    ["PUT", "/users/my-data", { bio: "Hola" }],
    ["POST", `/users/follow/${DEMO_ADMIN.uid}/user`],
    ["POST", "/users/requestVerification", { type: "artista" }],
    ["POST", "/users/accessToken", { accessToken: "a", idToken: "b", providerId: "google.com" }],
    ["POST", "/users/notificationToken", { notificationToken: "t" }],
    ["POST", "/notifications/viewed", {}],
  ];
  for (const [method, path, body] of writes) {
    const answer = await apiCall(method, path, { token: idToken, body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body?.code).toBe("BANNED");
    expect(answer.body?.message).toMatch(/^Tu cuenta está suspendida/);
  }
  const initial = await apiCall("GET", "/users/initial-data", { token: idToken });
  expect(initial.status).toBe(200);
  expect(initial.body?.data).toMatchObject({ banned: true, ban: { reason: "Publicaciones engañosas" } });
});

test("el panel no ofrece acciones sobre una cuenta MASTER", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const admin = await openAdminPage(context, DEMO_ADMIN);
    await admin.goto("/panel/users/");
    await admin.getByLabel("Rol").selectOption("MASTER");
    await admin.getByRole("button", { name: "Buscar", exact: true }).click();
    const row = admin.getByRole("listitem").filter({ hasText: "Administrador principal" }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole("button")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
