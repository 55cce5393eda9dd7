import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps, jsonResponse, stubNetwork, type SeenRequest } from "@/lib/__tests__/fixtures/browser";

// An author deletes their own item from its page: asked first (what followers lose), then the
// DELETE call, a toast, and their own list. An admin looking at someone else's item is not
// offered the button (deleting it is moderation, with a reason, in the panel). Only the network
// and the router are stubbed.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

let requests: SeenRequest[] = [];
let status = 200;
beforeEach(() => {
  replace.mockClear();
  status = 200;
  requests = stubNetwork(() =>
    jsonResponse(
      status,
      status === 200
        ? { data: { _id: "e1", deleted: true } }
        : { statusCode: status, code: "FORBIDDEN", error: "Forbidden", message: "No puedes borrar este evento." },
    ),
  );
});
afterEach(async () => {
  cleanup();
  (await import("react-hot-toast")).default.remove();
});

async function renderButton(viewer: { _id: string; isAdmin?: boolean }, authorId: string | null) {
  const [{ QueryClientProvider }, { Toaster }, { createQueryClient }, auth, { DeleteContentButton }] = await Promise.all([
    import("@tanstack/react-query"),
    import("react-hot-toast"),
    import("@/lib/query/client"),
    import("@/lib/state/auth"),
    import("../delete-content-button"),
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(["events", "detail", "e1"], { _id: "e1", title: "Concierto en la Alameda" });
  const store = createStore();
  store.set(auth.authUserAtom, { ...auth.toSessionUser(makeUser({ _id: viewer._id, name: "Ana" })), isAdmin: viewer.isAdmin ?? false });
  render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <DeleteContentButton kind="events" id="e1" title="Concierto en la Alameda" followersCount={3} authorId={authorId} />
        <Toaster />
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

describe("eliminar lo propio desde su página", () => {
  test("pregunta, dice qué pierden quienes lo siguen, borra y lleva a «Mis eventos»", async () => {
    const { queryClient } = await renderButton({ _id: "ana" }, "ana");
    fireEvent.click(screen.getByRole("button", { name: "Eliminar evento" }));
    const dialog = screen.getByRole("alertdialog", { name: "¿Eliminar este evento?" });
    expect(within(dialog).getByText("«Concierto en la Alameda» se eliminará para siempre; no se puede deshacer.")).toBeTruthy();
    expect(within(dialog).getByText("Las 3 personas que lo siguen recibirán un aviso de que se eliminó.")).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole("button", { name: "Eliminar evento" }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/events/mine/"));
    expect(requests).toEqual([{ method: "DELETE", url: "/api/events/e1" }]);
    expect(await screen.findByText("Evento eliminado.")).toBeTruthy();
    expect(queryClient.getQueryData(["events", "detail", "e1"])).toBeUndefined();
  });

  test("'Cancelar' no borra nada", async () => {
    await renderButton({ _id: "ana" }, "ana");
    fireEvent.click(screen.getByRole("button", { name: "Eliminar evento" }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(requests).toHaveLength(0);
    expect(replace).not.toHaveBeenCalled();
  });

  test("si el servidor lo rechaza, el diálogo muestra su mensaje y nada cambia", async () => {
    status = 403;
    await renderButton({ _id: "ana" }, "ana");
    fireEvent.click(screen.getByRole("button", { name: "Eliminar evento" }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Eliminar evento" }));
    expect(await within(screen.getByRole("alertdialog")).findByText("No puedes borrar este evento.")).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  test("a una administradora no se le ofrece en lo de otra persona (eso se modera en el panel)", async () => {
    await renderButton({ _id: "admin", isAdmin: true }, "ana");
    expect(screen.queryByRole("button", { name: "Eliminar evento" })).toBeNull();
  });

  test("una administradora sí puede eliminar lo suyo", async () => {
    await renderButton({ _id: "admin", isAdmin: true }, "admin");
    expect(screen.getByRole("button", { name: "Eliminar evento" })).toBeTruthy();
  });
});
