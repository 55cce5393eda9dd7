import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ReportDialog } from "../report-dialog";

// The report form as a person meets it: four reasons, a detail required only for «Otro», Spanish
// messages before anything is sent, and the note when they already reported it.

function renderDialog(props: Partial<Parameters<typeof ReportDialog>[0]> = {}) {
  const onSubmit = jest.fn();
  const onCancel = jest.fn();
  render(<ReportDialog open label="Rifa dudosa" alreadyReported={false} busy={false} error={null} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, dialog: screen.getByRole("dialog", { name: "Reportar" }) };
}

const send = () => fireEvent.click(screen.getByRole("button", { name: "Enviar reporte" }));

describe("ReportDialog", () => {
  afterEach(cleanup);

  test("offers the four reasons in Spanish and quotes what is reported", () => {
    const { dialog } = renderDialog();
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      "Spam",
      "Contenido inapropiado",
      "Información falsa",
      "Otro",
    ]);
    expect(dialog.textContent).toContain("¿Qué problema tiene «Rifa dudosa»?");
  });

  test("asks for a reason before sending", () => {
    const { onSubmit } = renderDialog();
    send();
    expect(screen.getByRole("alert").textContent).toContain("Elige un motivo: spam, contenido inapropiado, información falsa u otro.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("«Otro» needs a detail; with it the report is sent trimmed", () => {
    const { onSubmit } = renderDialog();
    fireEvent.click(screen.getByRole("radio", { name: "Otro" }));
    send();
    const detail = screen.getByRole("textbox", { name: "Detalle" });
    expect(detail.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Cuéntanos qué pasa: el detalle es obligatorio cuando eliges «Otro».")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(detail, { target: { value: "  Piden dinero por adelantado.  " } });
    send();
    expect(onSubmit).toHaveBeenCalledWith({ reason: "other", text: "Piden dinero por adelantado." });
  });

  test("other reasons go without a detail", () => {
    const { onSubmit } = renderDialog();
    fireEvent.click(screen.getByRole("radio", { name: "Spam" }));
    send();
    expect(onSubmit).toHaveBeenCalledWith({ reason: "spam", text: null });
  });

  test("says when it was already reported, and shows the server's refusal", () => {
    const { dialog } = renderDialog({ alreadyReported: true, error: "Enviaste muchos reportes en poco tiempo. Podrás reportar de nuevo en 12 minutos." });
    expect(dialog.textContent).toContain("Ya reportaste «Rifa dudosa». Si lo envías de nuevo, actualizamos tu reporte.");
    expect(screen.getByRole("alert").textContent).toContain("Enviaste muchos reportes");
  });

  test("'Cancelar' leaves without sending", () => {
    const { onSubmit, onCancel } = renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
