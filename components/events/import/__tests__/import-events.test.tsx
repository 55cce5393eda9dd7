import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps, jsonResponse, stubNetwork, type SeenRequest } from "@/lib/__tests__/fixtures/browser";

// An organiser imports a calendar: the preview lists what will be created, updated and skipped
// (with why), nothing is written until 'Importar', and the result links to the new events. Only
// the network is stubbed, answering as server/routes/imports does.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));

const PREVIEW = {
  create: [{ source: "ics:taller", title: "Taller de grabado", startsAt: "2030-01-08T00:00:00.000Z", moreDates: 4, where: "Teatro Fernando Soler", eventId: null, changes: [] }],
  update: [{ source: "ics:concierto", title: "Concierto en el patio", startsAt: "2030-02-15T03:00:00.000Z", moreDates: 0, where: "Patio", eventId: "e2", changes: ["título", "fecha"] }],
  skip: [{ title: "Kermés de primavera", reason: "Está cancelado en el calendario." }],
};
const DONE = { ...PREVIEW, create: [{ ...PREVIEW.create[0], eventId: "e1" }] };

const SUBSCRIPTION = {
  _id: "s1",
  url: "https://casa.example/agenda.ics",
  createdAt: "2026-11-24T12:00:00.000Z",
  nextRunAt: "2026-11-24T18:00:00.000Z",
  lastRun: { at: "2026-11-24T12:00:00.000Z", created: ["Taller de grabado"], updated: [], skipped: 1, error: null },
};

let requests: SeenRequest[] = [];
let bodies: unknown[] = [];
let subscriptions: (typeof SUBSCRIPTION)[] = [];
beforeEach(() => {
  bodies = [];
  subscriptions = [];
  requests = stubNetwork(async (request) => {
    const path = new URL(request.url, "http://localhost").pathname;
    if (request.method === "GET") return jsonResponse(200, { data: subscriptions });
    if (request.method === "DELETE") {
      subscriptions = [];
      return jsonResponse(200, { data: { _id: "s1", deleted: true } });
    }
    bodies.push(await request.clone().json());
    if (path.endsWith("/subscriptions")) {
      subscriptions = [SUBSCRIPTION];
      return jsonResponse(201, { data: SUBSCRIPTION });
    }
    return jsonResponse(200, { data: path.endsWith("/preview") ? PREVIEW : DONE });
  });
});
const writes = () => requests.filter((r) => r.method !== "GET");
afterEach(async () => {
  cleanup();
  (await import("react-hot-toast")).default.remove();
});

async function renderPage(user: { verified: boolean; isAdmin?: boolean } | null) {
  const [{ QueryClientProvider }, { createQueryClient }, { Toaster }, auth, { ImportEvents }] = await Promise.all([
    import("@tanstack/react-query"),
    import("@/lib/query/client"),
    import("react-hot-toast"),
    import("@/lib/state/auth"),
    import("../import-events"),
  ]);
  const store = createStore();
  if (user) store.set(auth.authUserAtom, { ...auth.toSessionUser(makeUser({ _id: "ana", name: "Ana", verified: user.verified })), isAdmin: user.isAdmin ?? false });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JotaiProvider store={store}>
        <ImportEvents />
        <Toaster />
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

describe("importar eventos", () => {
  test("vista previa de un calendario por dirección, luego importar y ver el resultado", async () => {
    await renderPage({ verified: true });
    fireEvent.click(screen.getByRole("button", { name: "Vista previa" }));
    expect(screen.getByRole("alert").textContent).toBe("Escribe la dirección del calendario o de la página.");
    expect(writes()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Dirección del calendario o de la página del evento"), { target: { value: "https://casa.example/agenda.ics" } });
    fireEvent.click(screen.getByRole("button", { name: "Vista previa" }));
    const toCreate = await screen.findByRole("list", { name: "Se crearán" });
    expect(toCreate.textContent).toContain("Taller de grabado");
    expect(toCreate.textContent).toContain("y 4 fechas más · Teatro Fernando Soler");
    expect(screen.getByRole("list", { name: "Se actualizarán" }).textContent).toContain("(cambia: título, fecha)");
    expect(screen.getByRole("list", { name: "Se omitirán" }).textContent).toBe("Kermés de primavera: Está cancelado en el calendario.");
    expect(writes()).toEqual([{ method: "POST", url: "/api/imports/preview" }]);
    expect(bodies[0]).toEqual({ source: { kind: "url", url: "https://casa.example/agenda.ics" } });

    fireEvent.click(screen.getByRole("button", { name: "Importar 2 eventos" }));
    const created = await screen.findByRole("list", { name: "Creados" });
    expect(within(created).getByRole("link", { name: "Taller de grabado" }).getAttribute("href")).toBe("/events/e1/");
    expect(writes()[1]).toEqual({ method: "POST", url: "/api/imports" });
    await waitFor(() => expect(screen.getByText("Importación lista: 1 evento nuevo, 1 actualizado.")).toBeTruthy());
    await screen.findByText(/Aún no te suscribes a ningún calendario/);
  });

  test("un calendario se puede suscribir y luego quitar, con confirmación", async () => {
    await renderPage({ verified: true });
    expect(await screen.findByText(/Aún no te suscribes a ningún calendario/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Dirección del calendario o de la página del evento"), { target: { value: "https://casa.example/agenda.ics" } });
    fireEvent.click(screen.getByRole("button", { name: "Vista previa" }));
    fireEvent.click(await screen.findByRole("button", { name: "Suscribirse (importar cada 6 horas)" }));
    const list = await screen.findByRole("list", { name: "Calendarios suscritos" });
    expect(list.textContent).toContain("https://casa.example/agenda.ics");
    expect(list.textContent).toMatch(/Última vez .*: 1 nuevo, 0 actualizados, 1 omitido\./);
    expect(bodies.at(-1)).toEqual({ url: "https://casa.example/agenda.ics" });

    fireEvent.click(within(list).getByRole("button", { name: "Quitar https://casa.example/agenda.ics" }));
    const dialog = screen.getByRole("alertdialog", { name: "¿Quitar esta suscripción?" });
    expect(writes().some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Quitar" }));
    await screen.findByText(/Aún no te suscribes a ningún calendario/);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes().at(-1)).toEqual({ method: "DELETE", url: "/api/imports/subscriptions/s1" });
  });

  test("desde un archivo .ics: se envía su texto", async () => {
    await renderPage({ verified: false, isAdmin: true });
    fireEvent.click(screen.getByRole("radio", { name: "Desde un archivo .ics" }));
    const file = new File(["BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"], "agenda.ics", { type: "text/calendar" });
    Object.defineProperty(file, "text", { value: async () => "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" });
    // The file is read asynchronously (File.text()): let that finish inside act.
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Archivo de calendario (.ics)"), { target: { files: [file] } });
    });
    fireEvent.click(screen.getByRole("button", { name: "Vista previa" }));
    await screen.findByRole("list", { name: "Se crearán" });
    expect(bodies[0]).toEqual({ source: { kind: "file", name: "agenda.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" } });
    await screen.findByText(/Aún no te suscribes a ningún calendario/);
  });

  test("sin verificación se explica y no se ofrece el formulario; sin sesión se invita a entrar", async () => {
    await renderPage({ verified: false });
    expect(screen.getByRole("status").textContent).toContain("Solo las cuentas verificadas y la administración pueden importar eventos.");
    expect(screen.queryByRole("button", { name: "Vista previa" })).toBeNull();
    cleanup();
    await renderPage(null);
    expect(screen.getByText("Inicia sesión para importar eventos.")).toBeTruthy();
  });
});
