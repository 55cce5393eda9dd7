import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { EmbedAgenda } from "../embed-agenda";

// What an organiser sees: 'Insertar en tu sitio' opens the code to paste, built from the chosen
// theme, layout and number of events, a preview of that same agenda, and a copy button.

describe("EmbedAgenda", () => {
  afterEach(cleanup);

  test("el código y la vista previa siguen las opciones; 'Copiar código' copia la línea", async () => {
    const writeText = jest.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(<EmbedAgenda subject={{ communityId: "c1" }} title={'Eventos de "Fandango"'} />);
    expect(screen.queryByTitle(/Vista previa/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Insertar en tu sitio" }));
    const dialog = screen.getByRole("dialog", { name: 'Insertar en tu sitio: Eventos de "Fandango"' });
    expect(dialog.textContent).toContain("Pega este código en tu página web");

    const code = screen.getByLabelText("Código para tu sitio") as HTMLTextAreaElement;
    expect(code.value).toBe(
      `<script src="${location.origin}/api/embed.js" data-community-id="c1" data-theme="light" data-layout="compact" data-limit="5" data-title="Agenda de Plaza: Eventos de &quot;Fandango&quot;" async></script>`,
    );
    const preview = screen.getByTitle('Vista previa: Agenda de Plaza: Eventos de "Fandango"') as HTMLIFrameElement;
    expect(preview.src).toBe(`${location.origin}/api/embed/agenda?communityId=c1&theme=light&layout=compact&limit=5`);

    fireEvent.change(screen.getByLabelText("Tema"), { target: { value: "dark" } });
    fireEvent.change(screen.getByLabelText("Diseño"), { target: { value: "images" } });
    fireEvent.change(screen.getByLabelText("Número de eventos"), { target: { value: "10" } });
    expect(code.value).toContain('data-theme="dark" data-layout="images" data-limit="10"');
    expect(preview.src).toBe(`${location.origin}/api/embed/agenda?communityId=c1&theme=dark&layout=images&limit=10`);
    expect((screen.getByLabelText("Solo iframe") as HTMLTextAreaElement).value).toBe(
      `<iframe src="${location.origin}/api/embed/agenda?communityId=c1&amp;theme=dark&amp;layout=images&amp;limit=10" title="Agenda de Plaza: Eventos de &quot;Fandango&quot;" width="100%" height="480" style="border:0" loading="lazy"></iframe>`,
    );

    fireEvent.click(screen.getByRole("button", { name: "Copiar código" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(code.value));
    fireEvent.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
