import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { SelectField } from "../select-field";
import { TextAreaField } from "../text-area-field";
import { TextField } from "../text-field";

/** The texts a screen reader reads with the control: what its aria-describedby points at. */
function description(control: HTMLElement): string {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing ${id}>`).join(" | ");
}

const FIELDS = {
  text: (props: { hint?: string; error?: string | null }) => <TextField label="Título" {...props} />,
  textarea: (props: { hint?: string; error?: string | null }) => <TextAreaField label="Título" {...props} />,
  select: (props: { hint?: string; error?: string | null }) => (
    <SelectField label="Título" {...props}>
      <option value="a">A</option>
    </SelectField>
  ),
};

describe.each(Object.entries(FIELDS))("the %s field", (_kind, Field) => {
  afterEach(() => cleanup());

  test("is named by its label and described by its hint", () => {
    render(<Field hint="Una o dos frases." />);
    const control = screen.getByLabelText("Título");
    expect(description(control)).toBe("Una o dos frases.");
    expect(control.getAttribute("aria-invalid")).toBeNull();
  });

  test("an error marks it invalid and is read with it, after the hint", () => {
    render(<Field hint="Una o dos frases." error="El título es obligatorio." />);
    const control = screen.getByLabelText("Título");
    expect(control.getAttribute("aria-invalid")).toBe("true");
    expect(description(control)).toBe("Una o dos frases. | El título es obligatorio.");
    expect(screen.getByText("El título es obligatorio.")).toBeTruthy();
  });

  test("without hint or error it has no description", () => {
    render(<Field />);
    expect(screen.getByLabelText("Título").getAttribute("aria-describedby")).toBeNull();
  });
});

test("a description from elsewhere (a password checklist) is kept next to the field's own", () => {
  render(
    <>
      <TextField label="Contraseña" error="Falta una mayúscula." aria-describedby="requisitos" />
      <ul id="requisitos">
        <li>Una mayúscula</li>
      </ul>
    </>,
  );
  expect(description(screen.getByLabelText("Contraseña"))).toBe("Falta una mayúscula. | Una mayúscula");
  cleanup();
});
