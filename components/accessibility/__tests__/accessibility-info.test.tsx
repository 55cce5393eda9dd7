import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { useState } from "react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { AccessibilityFeature } from "@/lib/schemas/accessibility";
import { AccessibilityInfo } from "../accessibility-info";
import { AccessibilityFields, type AccessibilityValue } from "../accessibility-fields";

afterEach(cleanup);

describe("AccessibilityInfo", () => {
  test("lists each declared feature by name under the heading «Accesibilidad», icons hidden from screen readers", () => {
    const features: AccessibilityFeature[] = ["step-free-entrance", "sign-language", "assistance-animals"];
    render(<AccessibilityInfo item={{ accessibilityFeatures: features, accessibility: "Pide la rampa móvil en taquilla." }} headingId="a11y" />);
    const section = screen.getByRole("region", { name: "Accesibilidad" });
    expect(within(section).getByRole("heading", { level: 2, name: "Accesibilidad" })).toBeTruthy();
    const items = within(within(section).getByRole("list", { name: "Accesibilidad" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Entrada sin escalones", "Interpretación en lengua de señas", "Se admiten animales de asistencia"]);
    for (const li of items) {
      const svg = li.querySelector("svg")!;
      expect(svg.getAttribute("aria-hidden")).toBe("true");
      expect(svg.getAttribute("focusable")).toBe("false");
    }
    expect(within(section).getByText("Pide la rampa móvil en taquilla.")).toBeTruthy();
    expect(screen.queryByText("El organizador no ha indicado datos de accesibilidad.")).toBeNull();
  });

  test("with only a note, shows the note and no empty list", () => {
    render(<AccessibilityInfo item={{ accessibilityFeatures: [], accessibility: "Acceso con un escalón." }} headingId="a11y" />);
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByText("Acceso con un escalón.")).toBeTruthy();
    expect(screen.queryByText("El organizador no ha indicado datos de accesibilidad.")).toBeNull();
  });

  test("says so when nothing is declared", () => {
    render(<AccessibilityInfo item={{ accessibilityFeatures: [], accessibility: null }} headingId="a11y" />);
    expect(screen.getByRole("heading", { name: "Accesibilidad" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByText("El organizador no ha indicado datos de accesibilidad.")).toBeTruthy();
  });
});

describe("AccessibilityFields", () => {
  function Harness({ initial, onValue }: { initial: AccessibilityValue; onValue: (v: AccessibilityValue) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <AccessibilityFields
        value={value}
        onChange={(parts) => {
          const next = { ...value, ...parts };
          setValue(next);
          onValue(next);
        }}
        err={(key) => (key === "accessibilityFeatures" ? "Indica cada característica de accesibilidad una sola vez." : null)}
      />
    );
  }

  test("a group «Accesibilidad» of checkboxes and a note; checking keeps the catalogue's order", () => {
    const onValue = jest.fn<(v: AccessibilityValue) => void>();
    render(<Harness initial={{ accessibilityFeatures: ["quiet-space"], accessibility: "" }} onValue={onValue} />);
    const group = screen.getByRole("group", { name: "Accesibilidad" });
    expect(within(group).getAllByRole("checkbox")).toHaveLength(8);
    expect((within(group).getByLabelText("Espacio tranquilo o de baja estimulación") as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(group).getByLabelText("Entrada sin escalones"));
    expect(onValue).toHaveBeenLastCalledWith({ accessibilityFeatures: ["step-free-entrance", "quiet-space"], accessibility: "" });
    fireEvent.click(within(group).getByLabelText("Espacio tranquilo o de baja estimulación"));
    expect(onValue).toHaveBeenLastCalledWith({ accessibilityFeatures: ["step-free-entrance"], accessibility: "" });

    fireEvent.change(within(group).getByLabelText("Nota de accesibilidad"), { target: { value: "Rampa por la calle Allende." } });
    expect(onValue).toHaveBeenLastCalledWith({ accessibilityFeatures: ["step-free-entrance"], accessibility: "Rampa por la calle Allende." });
    expect(within(group).getByText("Indica cada característica de accesibilidad una sola vez.")).toBeTruthy();
  });
});
