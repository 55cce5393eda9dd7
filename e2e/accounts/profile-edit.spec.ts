import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createUser, signInThroughUi } from "../support/accounts";

test("editar el perfil: nombre, biografía, enlaces e imagen con vista previa y progreso", async ({ page }) => {
  const user = await createUser("Nora Edita", "editar");
  await signInThroughUi(page, user);

  await page.getByRole("button", { name: "Editar perfil" }).click();
  const form = page.getByRole("region", { name: "Editar perfil" });
  await form.getByLabel("Nombre", { exact: true }).fill("Nora Editada");
  await form.getByLabel("Biografía").fill("Fotógrafa de la Alameda.");
  await form.getByRole("button", { name: "Agregar enlace" }).click();
  await form.getByLabel("Nombre del enlace 1").fill("Portafolio");
  await form.getByLabel("Dirección del enlace 1").fill("notaurl");
  await form.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(form.getByText("El enlace no es una dirección web válida.")).toBeVisible();
  await form.getByLabel("Dirección del enlace 1").fill("https://nora.example.com");
  await form.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(form.getByText("Perfil actualizado.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nora Editada" })).toBeVisible();
  await expect(page.getByRole("paragraph").filter({ hasText: "Fotógrafa de la Alameda." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Portafolio" })).toHaveAttribute("href", "https://nora.example.com");

  // A picture: preview first, then upload with a progress bar, then the processed image.
  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 15, g: 92, b: 99 } } }).png().toBuffer();
  await form.getByLabel("Foto de perfil").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
  await expect(form.getByRole("img", { name: "Vista previa: Foto de perfil" })).toBeVisible();
  await form.getByRole("button", { name: "Subir foto de perfil" }).click();
  await expect(form.getByText("Imagen actualizada.")).toBeVisible();
  const avatar = page.getByRole("img", { name: "Foto de perfil de Nora Editada" }).first();
  await expect(avatar).toHaveAttribute("src", /\/uploads\/.+\.webp$/);

  // A file that is not an image is refused before it is sent.
  await form.getByLabel("Imagen de portada").setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
  await expect(form.getByText("Elige una imagen JPEG, PNG, WebP o AVIF.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Nora Editada" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Foto de perfil de Nora Editada" }).first()).toHaveAttribute("src", /\/uploads\//);
});
