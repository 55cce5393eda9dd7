import { expect, test } from "@playwright/test";
import { ORGANIZER, signIn } from "./support";

test("los formularios inválidos muestran mensajes en español junto a cada campo", async ({ page }) => {
  await signIn(page, ORGANIZER);

  await page.goto("/events/create/");
  await page.getByRole("button", { name: "Publicar evento" }).click();
  const title = page.getByLabel("Título");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(/El título (es obligatorio|debe tener al menos 3 caracteres)\./);
  await expect(title).toBeFocused();
  await expect(page.getByLabel("Fecha de inicio")).toHaveAccessibleDescription("Indica la fecha de inicio.");
  await expect(page.getByRole("combobox", { name: "Lugar" })).toHaveAccessibleDescription("Indica un lugar, una dirección o un enlace para conectarse.");

  await title.fill("Ok");
  await page.getByRole("radio", { name: "Con costo" }).check();
  await page.getByRole("radio", { name: "En línea" }).check();
  await page.getByLabel("Enlace para conectarse").fill("zoom.us/j/123");
  await page.getByLabel("Cupo").fill("0");
  await page.getByRole("button", { name: "Publicar evento" }).click();
  await expect(title).toHaveAccessibleDescription("El título debe tener al menos 3 caracteres.");
  await expect(page.getByLabel("Precio (MXN)")).toHaveAccessibleDescription("Indica el precio en pesos.");
  await expect(page.getByLabel("Enlace para conectarse")).toHaveAccessibleDescription("El enlace debe empezar con http:// o https://.");
  await expect(page.getByLabel("Cupo")).toHaveAccessibleDescription(/El cupo debe ser al menos 1\./);

  await page.goto("/places/create/");
  await page.getByLabel("Código postal").fill("123");
  await page.getByRole("button", { name: "Publicar lugar" }).click();
  await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription(/El nombre (es obligatorio|debe tener al menos 2 caracteres)\./);
  await expect(page.getByLabel("Código postal")).toHaveAccessibleDescription("El código postal debe tener 5 dígitos.");

  await page.goto("/communities/create/");
  await page.getByLabel("Nombre").fill("ab");
  await page.getByRole("button", { name: "Crear comunidad" }).click();
  await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription("El nombre debe tener al menos 3 caracteres.");

  await page.goto("/news/create/");
  await page.getByRole("button", { name: "Publicar noticia" }).click();
  await expect(page.getByLabel("Texto", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Texto", { exact: true })).toHaveAccessibleDescription(/El texto es obligatorio\./);

  await page.goto("/addresses/create/");
  await page.getByLabel("Calle").fill("");
  await page.getByRole("button", { name: "Guardar dirección" }).click();
  await expect(page.getByLabel("Nombre de la dirección")).toHaveAccessibleDescription(/El nombre de la dirección es obligatorio\./);
  await expect(page.getByLabel("Calle")).toHaveAttribute("aria-invalid", "true");
});
