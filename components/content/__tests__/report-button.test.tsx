import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";

// 'Reportar' on an item's page: only for someone signed in who did not publish it; sending
// calls POST /reports, thanks them and marks the item as reported; a refusal (the hourly limit)
// stays in the dialog. Only the network is stubbed, as in delete-content-button.test.tsx.

const { Headers, Request, Response } = jest.requireActual<Pick<typeof globalThis, "Headers" | "Request" | "Response">>("whatwg-fetch");
Object.assign(globalThis, { TextEncoder, TextDecoder, Headers, Request, Response });
window.matchMedia ??= (() => ({ matches: false })) as unknown as typeof window.matchMedia;
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));

const requests: { method: string; url: string; body: unknown }[] = [];
let status = 201;
beforeEach(() => {
  requests.length = 0;
  status = 201;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push({ method: request.method, url: request.url, body: JSON.parse(await request.text()) });
    const body =
      status === 201
        ? { data: { _id: "r1", targetKind: "event", targetId: "e1", reason: "spam", text: null, createdAt: "2026-11-23T20:00:00.000Z" } }
        : { code: "RATE_LIMITED", message: "Enviaste muchos reportes en poco tiempo. Podrás reportar de nuevo en 12 minutos." };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "retry-after": "700" } });
  }) as typeof fetch;
});
afterEach(async () => {
  cleanup();
  (await import("react-hot-toast")).default.remove();
});

async function renderButton(viewerId: string | null, authorId: string | null) {
  const [{ QueryClientProvider }, { Toaster }, { createQueryClient }, auth, { ReportButton }] = await Promise.all([
    import("@tanstack/react-query"),
    import("react-hot-toast"),
    import("@/lib/query/client"),
    import("@/lib/state/auth"),
    import("../report-button"),
  ]);
  const store = createStore();
  if (viewerId) store.set(auth.authUserAtom, auth.toSessionUser(makeUser({ _id: viewerId, name: "Ana" })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JotaiProvider store={store}>
        <ReportButton targetKind="event" targetId="e1" label="Rifa dudosa" authorId={authorId} />
        <Toaster />
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

describe("reportar desde la página de un contenido", () => {
  test("sin sesión o en lo propio no se ofrece", async () => {
    await renderButton(null, "beto");
    expect(screen.queryByRole("button", { name: "Reportar" })).toBeNull();
    cleanup();
    await renderButton("beto", "beto");
    expect(screen.queryByRole("button", { name: "Reportar" })).toBeNull();
  });

  test("envía el reporte, agradece y queda marcado como reportado", async () => {
    await renderButton("ana", "beto");
    fireEvent.click(screen.getByRole("button", { name: "Reportar" }));
    const dialog = screen.getByRole("dialog", { name: "Reportar" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar reporte" }));
    expect(await screen.findByText("Gracias. Revisaremos tu reporte.")).toBeTruthy();
    expect(requests).toEqual([{ method: "POST", url: "/api/reports", body: { targetKind: "event", targetId: "e1", reason: "spam", text: null } }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Reportado" }));
    expect(screen.getByRole("dialog", { name: "Reportar" }).textContent).toContain("Ya reportaste «Rifa dudosa».");
  });

  test("si se pasó del límite, el diálogo muestra el mensaje del servidor", async () => {
    status = 429;
    await renderButton("ana", "beto");
    fireEvent.click(screen.getByRole("button", { name: "Reportar" }));
    const dialog = screen.getByRole("dialog", { name: "Reportar" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Información falsa" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar reporte" }));
    expect(await within(dialog).findByText(/Enviaste muchos reportes en poco tiempo/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reportar" })).toBeTruthy();
  });
});
