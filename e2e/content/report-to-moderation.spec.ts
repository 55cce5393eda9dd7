import { expect, test } from "@playwright/test";
import { ADMIN, createEventByApi, newAccount, saltilloDaysAhead, signIn } from "./support";

// The whole path of a report: a neighbour reports an event from its page, an admin hides it from
// the reports queue with a reason, the neighbour is told, and the public log says why — without
// naming who reported or who moderated.

test("reportar → cola de reportes → ocultar → aviso a quien reportó → registro público", async ({ page, browser }) => {
  // Three people in three browser contexts, each signing in: more than one plain page's time.
  test.slow();
  const author = await newAccount("Renata Rifas");
  const reporterName = "Vecina Atenta";
  const reporter = await newAccount(reporterName);
  const title = `Rifa milagrosa ${Date.now().toString(36)}`;
  const event = await createEventByApi(author.token, { title, startsAt: saltilloDaysAhead(3, 18), address: "Calle Allende 10, Zona Centro, Saltillo" });

  // The neighbour reports it.
  await signIn(page, reporter);
  await page.goto(`/events/${event._id}/`);
  // Page loads wait longer than one assertion: the first paint after a sign-in is slow on a busy machine.
  const loaded = { timeout: 30_000 };
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible(loaded);
  await page.getByRole("button", { name: "Reportar" }).click();
  const dialog = page.getByRole("dialog", { name: "Reportar" });
  await dialog.getByRole("radio", { name: "Otro" }).check();
  await dialog.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(dialog.getByText("Cuéntanos qué pasa: el detalle es obligatorio cuando eliges «Otro».")).toBeVisible();
  await dialog.getByRole("radio", { name: "Información falsa" }).check();
  await dialog.getByLabel("Detalle (opcional)").fill("El premio no existe; piden depósito.");
  await dialog.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(page.getByText("Gracias. Revisaremos tu reporte.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reportado" })).toBeVisible();

  // An admin works the queue.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto("/panel/reports/");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Panel de administración: Reportes" })).toBeVisible(loaded);
  const group = adminPage.getByRole("listitem").filter({ has: adminPage.getByRole("link", { name: title }) });
  await expect(group).toContainText("1 reporte", loaded);
  await expect(group).toContainText("Información falsa: 1");
  await expect(group).toContainText("«El premio no existe; piden depósito.»");
  await expect(group).not.toContainText(reporterName);
  await group.getByRole("button", { name: `Ocultar: ${title}` }).click();
  const decide = adminPage.getByRole("dialog", { name: `¿Ocultar «${title}»?` });
  await decide.getByRole("button", { name: "Ocultar" }).click();
  await expect(decide.getByText("Indica el motivo de la decisión.")).toBeVisible();
  await decide.getByLabel(/Motivo/).fill("Rifa sin permiso; pide dinero por adelantado.");
  await decide.getByRole("button", { name: "Ocultar" }).click();
  await expect(adminPage.getByText("Ocultado. Avisamos a quienes reportaron.")).toBeVisible();
  await expect(adminPage.getByRole("link", { name: title })).toHaveCount(0);
  await adminContext.close();

  // The neighbour is told.
  await page.goto("/notifications/");
  await expect(page.getByText(`Revisamos tu reporte sobre «${title}»: lo ocultamos.`)).toBeVisible(loaded);

  // Anyone reads why in the public log.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/moderation/");
  const entry = visitorPage.getByRole("listitem").filter({ hasText: title });
  await expect(entry.getByRole("heading", { name: `Ocultado: Evento «${title}»` })).toBeVisible(loaded);
  await expect(entry).toContainText("Motivo: Rifa sin permiso; pide dinero por adelantado.");
  await expect(visitorPage.getByText(reporterName)).toHaveCount(0);
  await visitor.close();
});
