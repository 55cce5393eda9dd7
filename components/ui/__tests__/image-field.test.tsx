import { afterEach, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { MAX_IMAGE_BYTES } from "@/lib/schemas/constants";
import { ImageField } from "../image-field";

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => cleanup());

function Picker({ onChange, progress = null }: { onChange: (file: File | null) => void; progress?: number | null }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImageField
      label="Imagen de portada"
      file={file}
      progress={progress}
      onChange={(next) => {
        setFile(next);
        onChange(next);
      }}
    />
  );
}

function pick(file: File) {
  fireEvent.change(screen.getByLabelText("Imagen de portada"), { target: { files: [file] } });
}

function sized(bytes: number, type = "image/png"): File {
  const file = new File(["x"], "foto.png", { type });
  Object.defineProperty(file, "size", { value: bytes });
  return file;
}

describe("image field", () => {
  test("tells the limit up front", () => {
    render(<Picker onChange={() => undefined} />);
    expect(screen.getByText("JPEG, PNG, WebP o AVIF de hasta 8 MB.")).toBeTruthy();
  });

  test("refuses an image over 8 MB with a Spanish message tied to the input, and keeps no file", () => {
    const onChange = jest.fn();
    render(<Picker onChange={onChange} />);
    pick(sized(MAX_IMAGE_BYTES + 1));
    const input = screen.getByLabelText("Imagen de portada");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain("La imagen pesa más de 8 MB. Elige una más ligera.");
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("refuses a file that is not an image", () => {
    render(<Picker onChange={() => undefined} />);
    pick(sized(100, "text/plain"));
    expect(screen.getByText("Elige una imagen JPEG, PNG, WebP o AVIF.")).toBeTruthy();
  });

  test("accepts an image of exactly 8 MB and previews it", () => {
    const onChange = jest.fn();
    render(<Picker onChange={onChange} />);
    const file = sized(MAX_IMAGE_BYTES);
    pick(file);
    expect(onChange).toHaveBeenLastCalledWith(file);
    expect(screen.getByRole("img", { name: "Vista previa: Imagen de portada" }).getAttribute("src")).toBe("blob:preview");
    expect(screen.getByLabelText("Imagen de portada").getAttribute("aria-invalid")).toBeNull();
  });

  test("shows the upload's progress as a labelled bar", () => {
    render(<Picker onChange={() => undefined} progress={0.42} />);
    const bar = screen.getByLabelText("Subiendo imagen de portada: 42%");
    expect(bar.tagName).toBe("PROGRESS");
    expect((bar as HTMLProgressElement).value).toBeCloseTo(0.42);
  });

  test("shows no progress bar when nothing is uploading", () => {
    render(<Picker onChange={() => undefined} />);
    expect(screen.queryByText(/Subiendo/)).toBeNull();
  });
});
