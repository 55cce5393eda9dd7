import { expect, test, type Page } from "@playwright/test";
import { api, newAccount, signIn, tokenFor } from "./support";

// /communities/{id}/edit.members: an owner adds a person with a role, promotes a member and
// removes one (each behind its confirmation dialog); the changes survive a reload and are what
// the API answers. Someone who does not run the community is refused, in the page and in the API.

interface Member {
  role: "owner" | "admin" | "member";
  user: { _id: string; name: string };
}

async function rolesByApi(communityId: string): Promise<Record<string, string>> {
  const answer = await api<{ items: Member[] }>("GET", `/communities/${communityId}/members`);
  expect(answer.status, answer.message).toBe(200);
  return Object.fromEntries(answer.data.items.map((m) => [m.user.name, m.role]));
}

function memberRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("la dueña gestiona los miembros de su comunidad y quien no la administra no puede", async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const owner = await newAccount(`Olga Dueña ${suffix}`);
  const newcomer = await newAccount(`Nora Nueva ${suffix}`);
  const helper = await newAccount(`Beto Ayudante ${suffix}`);
  const outsider = await newAccount(`Iván Ajeno ${suffix}`);
  const communityName = `Taller de grabado ${suffix}`;

  const created = await api<{ _id: string }>("POST", "/communities", {
    token: await tokenFor(owner),
    body: { name: communityName, description: "Grabado en linóleo los sábados." },
  });
  expect(created.status, created.message).toBe(201);
  const communityId = created.data._id;
  const joined = await api("POST", `/communities/${communityId}/join`, { token: await tokenFor(helper) });
  expect(joined.status, joined.message).toBe(200);

  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await signIn(page, owner);
  await page.goto(`/communities/${communityId}/edit.members/`);
  await expect(page.getByRole("heading", { level: 1, name: "Miembros de la comunidad" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(communityName)).toBeVisible();

  // The owner sees herself as owner (no role picker, no remove button) and the member who joined.
  await expect(memberRow(page, owner.name!)).toContainText("Propietario");
  await expect(page.getByRole("combobox", { name: `Rol de ${owner.name}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Quitar a ${owner.name}` })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: `Rol de ${helper.name}` })).toHaveValue("member");

  // Add a person as community admin.
  await page.getByLabel("Rol para la persona agregada").selectOption({ label: "Administrador" });
  await page.getByLabel("Buscar persona por nombre").fill(newcomer.name!);
  await page.getByRole("list", { name: "Personas encontradas" }).getByRole("button", { name: `Agregar a ${newcomer.name}` }).click();
  const addDialog = page.getByRole("dialog", { name: `¿Agregar a ${newcomer.name}?` });
  await expect(addDialog).toContainText("Entrará como administrador y podrá publicar a nombre de la comunidad.");
  await addDialog.getByRole("button", { name: "Agregar" }).click();
  await expect(page.getByText(`${newcomer.name} ahora es parte de la comunidad.`)).toBeVisible();
  await expect(addDialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: `Rol de ${newcomer.name}` })).toHaveValue("admin");

  // Promote the member who joined to admin.
  await page.getByRole("combobox", { name: `Rol de ${helper.name}` }).selectOption({ label: "Administrador" });
  const roleDialog = page.getByRole("dialog", { name: `¿Cambiar el rol de ${helper.name}?` });
  await expect(roleDialog).toContainText("Pasará de miembro a administrador.");
  await roleDialog.getByRole("button", { name: "Cambiar rol" }).click();
  await expect(page.getByText("Rol actualizado.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: `Rol de ${helper.name}` })).toHaveValue("admin");

  // Removing asks first; cancelling keeps the person.
  await page.getByRole("button", { name: `Quitar a ${newcomer.name}` }).click();
  const cancelDialog = page.getByRole("dialog", { name: `¿Quitar a ${newcomer.name} de la comunidad?` });
  await expect(cancelDialog).toContainText("Ya no podrá publicar a nombre de la comunidad.");
  await cancelDialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(memberRow(page, newcomer.name!)).toBeVisible();

  await page.getByRole("button", { name: `Quitar a ${helper.name}` }).click();
  const removeDialog = page.getByRole("dialog", { name: `¿Quitar a ${helper.name} de la comunidad?` });
  await removeDialog.getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByText("Miembro eliminado.")).toBeVisible();
  await expect(memberRow(page, helper.name!)).toHaveCount(0);

  // It persisted: after a reload, and as the API answers it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Miembros de la comunidad" })).toBeVisible({ timeout: 20_000 });
  await expect(memberRow(page, owner.name!)).toContainText("Propietario");
  await expect(page.getByRole("combobox", { name: `Rol de ${newcomer.name}` })).toHaveValue("admin");
  await expect(memberRow(page, helper.name!)).toHaveCount(0);
  expect(await rolesByApi(communityId)).toEqual({ [owner.name!]: "owner", [newcomer.name!]: "admin" });
  await page.goto(`/communities/${communityId}/`);
  await expect(page.getByText("2 miembros · Tu rol: Propietario")).toBeVisible();
  await ownerContext.close();

  // Someone outside the community is refused, by the page and by the API.
  const outsiderContext = await browser.newContext();
  const outsiderPage = await outsiderContext.newPage();
  await signIn(outsiderPage, outsider);
  await outsiderPage.goto(`/communities/${communityId}/edit.members/`);
  await expect(outsiderPage.getByText("Solo quienes administran la comunidad pueden gestionar sus miembros.")).toBeVisible({ timeout: 20_000 });
  await expect(outsiderPage.getByLabel("Buscar persona por nombre")).toHaveCount(0);
  await expect(outsiderPage.getByRole("button", { name: /^Quitar a / })).toHaveCount(0);
  const outsiderToken = await tokenFor(outsider);
  const addByOutsider = await api("POST", `/communities/${communityId}/members`, { token: outsiderToken, body: { userId: outsider.uid } });
  expect(addByOutsider.status).toBe(403);
  expect(addByOutsider.message).toBe("Solo propietarios y administradores de la comunidad pueden hacer esto.");
  const removeByOutsider = await api("DELETE", `/communities/${communityId}/members/${newcomer.uid}`, { token: outsiderToken });
  expect(removeByOutsider.status).toBe(403);
  expect(await rolesByApi(communityId)).toEqual({ [owner.name!]: "owner", [newcomer.name!]: "admin" });
  await outsiderContext.close();
});
