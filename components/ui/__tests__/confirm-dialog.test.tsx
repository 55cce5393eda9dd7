import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConfirmDialog } from "../dialog";

// What a person sees: a button opens the question, Escape or 'Cancelar' leave without acting,
// the confirm button acts once, and focus is back on the button they started from.
function DeleteAddress({ onDelete }: { onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Borrar dirección
      </button>
      <ConfirmDialog
        role="dialog"
        open={open}
        title="¿Borrar «Casa de mamá»?"
        message="No se puede deshacer."
        confirmLabel="Borrar"
        danger
        onConfirm={() => {
          onDelete();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole("button", { name: "Borrar dirección" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "¿Borrar «Casa de mamá»?" }) };
}

describe("ConfirmDialog", () => {
  afterEach(cleanup);

  test("opens with the question, its message and both choices", () => {
    render(<DeleteAddress onDelete={jest.fn()} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = openDialog();
    expect(dialog.textContent).toContain("No se puede deshacer.");
    expect(screen.getByRole("button", { name: "Borrar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeTruthy();
  });

  test("Escape closes it without acting, and focus returns to the opener", () => {
    const onDelete = jest.fn();
    render(<DeleteAddress onDelete={onDelete} />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  test("'Cancelar' closes it without acting, and focus returns to the opener", () => {
    const onDelete = jest.fn();
    render(<DeleteAddress onDelete={onDelete} />);
    const { opener } = openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  test("confirming acts exactly once and closes, focus back on the opener", () => {
    const onDelete = jest.fn();
    render(<DeleteAddress onDelete={onDelete} />);
    const { opener } = openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Borrar" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test("while the action runs, the buttons wait and Escape does not close", () => {
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="¿Renovar el enlace?" confirmLabel="Renovar" busy onConfirm={jest.fn()} onCancel={onCancel} />);
    const dialog = screen.getByRole("alertdialog", { name: "¿Renovar el enlace?" });
    expect((screen.getByRole("button", { name: "Un momento..." }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onCancel).not.toHaveBeenCalled();
  });
});
