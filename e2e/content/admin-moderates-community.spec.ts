import { expect, test } from "@playwright/test";
import { ADMIN, api, newAccount, signIn, tokenFor } from "./support";

// Communities are moderated from the panel like the other kinds: hidden with a reason (gone for
// the public, the owner told why), then deleted with a reason.

test("una administradora oculta y luego borra una comunidad desde el panel, con motivo", async ({ page }) => {
  const owner = await newAccount("Dora Comunidad");
  const name = `Club de trueque ${Date.now().toString(36)}`;
  const created = await api<{ _id: string }>("POST", "/communities", { token: owner.token, body: { name, description: "Intercambiamos libros y plantas cada sábado." } });
  expect(created.status, created.message).toBe(201);
  const id = created.data._id;
  const notices = async () => (await api<{ items: { body: string }[] }>("GET", "/notifications", { token: owner.token })).data.items.map((n) => n.body).join("\n");

  await signIn(page, ADMIN);
  await page.goto("/panel/communities/");
  await expect(page.getByRole("heading", { level: 1, name: "Panel de administración: Comunidades" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  for (let i = 0; i < 15 && !(await row.isVisible()); i++) {
    const more = page.getByRole("button", { name: "Cargar más" });
    if (!(await more.isVisible())) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await expect(row).toContainText("1 miembro");

  await row.getByRole("button", { name: `Ocultar ${name}` }).click();
  const hide = page.getByRole("dialog", { name: `¿Ocultar «${name}»?` });
  await hide.getByLabel(/Motivo/).fill("Vende artículos prohibidos.");
  await hide.getByRole("button", { name: "Ocultar" }).click();
  await expect(row.getByText("Oculto", { exact: true })).toBeVisible();
  expect((await api("GET", `/communities/${id}`)).status).toBe(404);
  expect((await api("GET", `/communities/${id}`, { token: owner.token })).status).toBe(200);
  await expect.poll(notices).toContain("Vende artículos prohibidos.");

  await row.getByRole("button", { name: `Borrar ${name}` }).click();
  const remove = page.getByRole("dialog", { name: `¿Borrar «${name}» para siempre?` });
  await remove.getByLabel(/Motivo/).fill("Reincidencia tras ocultarla.");
  await remove.getByRole("button", { name: "Borrar" }).click();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  expect((await api("GET", `/communities/${id}`, { token: owner.token })).status).toBe(404);
  await expect.poll(notices).toContain("Reincidencia tras ocultarla.");
});

test("quien administra una comunidad oculta y sale de ella vuelve a sus comunidades y ya no la ve", async ({ page }) => {
  const owner = await newAccount("Dora Comunidad");
  const helper = await newAccount("Eva Ayudante");
  const name = `Club de cine ${Date.now().toString(36)}`;
  const created = await api<{ _id: string }>("POST", "/communities", { token: owner.token, body: { name, description: "Vemos una película cada viernes." } });
  expect(created.status, created.message).toBe(201);
  const id = created.data._id;
  const added = await api("POST", `/communities/${id}/members`, { token: owner.token, body: { userId: helper.uid, role: "admin" } });
  expect(added.status, added.message).toBe(201);
  const hidden = await api("POST", `/communities/${id}/moderate`, { token: await tokenFor(ADMIN), body: { action: "hide", reason: "En revisión." } });
  expect(hidden.status, hidden.message).toBe(200);

  await signIn(page, helper);
  await page.goto(`/communities/${id}/`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Oculta por moderación: En revisión.")).toBeVisible();
  await page.getByRole("button", { name: "Salir de la comunidad" }).click();

  await expect(page.getByText("Saliste de la comunidad.")).toBeVisible();
  await expect(page).toHaveURL(/\/communities\/mine\/$/);
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  expect((await api("GET", `/communities/${id}`, { token: helper.token })).status).toBe(404);
});
