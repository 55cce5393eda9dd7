import { expect, test } from "@playwright/test";
import { newAccount, signIn } from "./support";

test("quien es dueña de una comunidad agrega a un miembro, que luego publica una noticia en ella", async ({ browser }) => {
  const owner = await newAccount("Olga Prueba");
  const suffix = Date.now().toString(36);
  const member = await newAccount(`Dolores Miembro ${suffix}`);
  const communityName = `Colectivo de prueba ${suffix}`;

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner);
  await ownerPage.goto("/communities/create/");
  await ownerPage.getByLabel("Nombre").fill(communityName);
  await ownerPage.getByLabel("Descripción").fill("Un grupo para probar Plaza.");
  await ownerPage.getByRole("button", { name: "Crear comunidad" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: communityName })).toBeVisible({ timeout: 20_000 });
  const communityUrl = ownerPage.url();

  await ownerPage.getByRole("link", { name: "Administrar miembros" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Miembros de la comunidad" })).toBeVisible();
  // The page arrives by a full load: text typed before React takes over the box is reset, so
  // type again until the search answers (what a person would do).
  const addButton = ownerPage.getByRole("button", { name: `Agregar a ${member.name}` });
  await expect(async () => {
    await ownerPage.getByLabel("Buscar persona por nombre").fill(`Dolores Miembro ${suffix}`);
    await expect(addButton).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await addButton.click();
  const dialog = ownerPage.getByRole("dialog", { name: `¿Agregar a ${member.name}?` });
  await dialog.getByRole("button", { name: "Agregar" }).click();
  await expect(ownerPage.getByRole("cell", { name: member.name!, exact: true })).toBeVisible();

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto(communityUrl);
  await expect(memberPage.getByText("Tu rol: Miembro")).toBeVisible();
  await memberPage.getByRole("link", { name: "Publicar noticia" }).click();
  const newsTitle = `Primera reunión del colectivo ${suffix}`;
  await memberPage.getByLabel("Título").fill(newsTitle);
  await memberPage.getByLabel("Texto", { exact: true }).fill("Nos vemos el sábado en la Alameda.");
  await expect(memberPage.getByRole("combobox", { name: "Comunidad" })).toHaveValue(/.+/);
  await memberPage.getByRole("button", { name: "Publicar noticia" }).click();
  await expect(memberPage.getByRole("heading", { level: 1, name: newsTitle })).toBeVisible({ timeout: 20_000 });
  await expect(memberPage.getByRole("link", { name: communityName })).toBeVisible();

  await ownerPage.goto(communityUrl);
  await expect(ownerPage.getByRole("region", { name: "Noticias de la comunidad" }).getByRole("link", { name: newsTitle })).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});
