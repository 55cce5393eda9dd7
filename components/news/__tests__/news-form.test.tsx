import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { onlineManager } from "@tanstack/react-query";
import { TextDecoder, TextEncoder } from "node:util";
import type { News } from "@/lib/schemas/news";
import { descriptionOf, formClient, onePage, renderWith, setNavigatorOnline } from "@/components/forms/__tests__/harness";

// jsdom lacks these; ky (the API client behind lib/api) reads them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
const notify = jest.fn();
jest.mock("@/lib/toast/notify", () => ({ notify: (...args: unknown[]) => notify(...args) }));
const updateNews = jest.fn<(id: string, payload: unknown) => Promise<News>>();
const uploadNewsImage = jest.fn<(id: string, file: File, progress: { onProgress?: (f: number) => void }) => Promise<News>>();
jest.mock("@/lib/api/news", () => ({
  ...jest.requireActual<object>("@/lib/api/news"),
  updateNews: (id: string, payload: unknown) => updateNews(id, payload),
  uploadNewsImage: (id: string, file: File, progress: { onProgress?: (f: number) => void }) => uploadNewsImage(id, file, progress),
}));

const saved = { _id: "n1", title: "Feria del libro", coverImage: null, community: null, publishedAt: "2020-01-01T00:00:00.000Z" } as unknown as News;

beforeAll(() => {
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => undefined;
});

let create: jest.Mock<(variables: unknown) => Promise<unknown>>;
beforeEach(() => {
  push.mockReset();
  notify.mockReset();
  updateNews.mockReset();
  uploadNewsImage.mockReset();
  create = jest.fn(async () => saved);
});
afterEach(() => {
  cleanup();
  setNavigatorOnline(true);
  onlineManager.setOnline(true);
});

async function renderNewsForm(props: { news?: News } = {}) {
  const { NewsForm } = await import("../news-form");
  const client = formClient("news", create as never);
  client.setQueryData(["communities", "list", "mine"], onePage([{ _id: "c1", name: "Colectivo Lector", myRole: "owner" }]));
  renderWith(client, <NewsForm {...props} />);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = (name = "Publicar noticia") => fireEvent.click(screen.getByRole("button", { name }));

describe("news form", () => {
  test("an empty submit marks the required fields in Spanish and sends nothing", async () => {
    await renderNewsForm();
    submit();
    expect(await screen.findByText("Revisa los campos marcados.")).toBeTruthy();
    const title = screen.getByLabelText("Título");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(title)).toBe("El título debe tener al menos 3 caracteres.");
    expect(descriptionOf(screen.getByLabelText("Texto", { exact: true }))).toBe("El texto es obligatorio.");
    expect(create).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  test("a valid create goes through the persisted create with its idempotency key, then to the news item", async () => {
    await renderNewsForm();
    type("Título", "Feria del libro");
    type("Texto", "Del 3 al 9 de mayo en la Alameda.");
    fireEvent.change(screen.getByLabelText("Comunidad"), { target: { value: "c1" } });
    submit();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/news/n1/"));
    expect(create).toHaveBeenCalledTimes(1);
    const variables = create.mock.calls[0]?.[0] as { payload: unknown; idempotencyKey: string };
    expect(variables.payload).toEqual({ title: "Feria del libro", summary: null, body: "Del 3 al 9 de mayo en la Alameda.", communityId: "c1" });
    expect(variables.idempotencyKey).toMatch(/\S{8,}/);
    expect(notify).toHaveBeenCalledWith("success", "Noticia publicada.");
  });

  test("offline, the create waits in the queue and the person goes to their news", async () => {
    await renderNewsForm();
    setNavigatorOnline(false);
    act(() => onlineManager.setOnline(false));
    type("Título", "Feria del libro");
    type("Texto", "Del 3 al 9 de mayo.");
    submit();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/news/mine/"));
    expect(notify).toHaveBeenCalledWith("primary", "Sin conexión: la noticia se publicará cuando vuelvas a estar en línea.");
    expect(create).not.toHaveBeenCalled();
  });

  test("an edit saves the changes, uploads the picked image with visible progress, then opens the item", async () => {
    const existing = { ...saved, summary: "", body: "Texto anterior de la noticia.", canEdit: true } as unknown as News;
    updateNews.mockResolvedValue(existing);
    let finishUpload: (item: News) => void = () => undefined;
    uploadNewsImage.mockImplementation((_id, _file, { onProgress }) => {
      onProgress?.(0.5);
      return new Promise((resolve) => (finishUpload = resolve));
    });
    await renderNewsForm({ news: existing });
    type("Título", "Feria del libro 2030");
    const file = new File(["png"], "portada.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Imagen de portada"), { target: { files: [file] } });
    submit("Guardar cambios");

    expect(await screen.findByLabelText("Subiendo imagen de portada: 50%")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Guardando..." }).hasAttribute("disabled")).toBe(true);
    expect(updateNews).toHaveBeenCalledWith("n1", { title: "Feria del libro 2030", summary: null, body: "Texto anterior de la noticia.", communityId: null });
    expect(uploadNewsImage.mock.calls[0]?.[0]).toBe("n1");
    expect(uploadNewsImage.mock.calls[0]?.[1]).toBe(file);
    expect(push).not.toHaveBeenCalled();

    await act(async () => finishUpload(existing));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/news/n1/"));
    expect(notify).toHaveBeenCalledWith("success", "Noticia actualizada.");
    expect(screen.queryByText(/Subiendo/)).toBeNull();
  });

  test("an image that fails to upload does not lose the saved news", async () => {
    updateNews.mockResolvedValue(saved);
    uploadNewsImage.mockRejectedValue(new Error("sin red"));
    await renderNewsForm({ news: { ...saved, summary: "", body: "Texto anterior de la noticia." } as unknown as News });
    fireEvent.change(screen.getByLabelText("Imagen de portada"), { target: { files: [new File(["png"], "p.png", { type: "image/png" })] } });
    submit("Guardar cambios");
    await waitFor(() => expect(push).toHaveBeenCalledWith("/news/n1/"));
    expect(notify).toHaveBeenCalledWith("danger", expect.stringMatching(/^La noticia se guardó, pero la imagen no: /));
  });
});
