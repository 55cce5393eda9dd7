import { afterEach, beforeEach, expect, jest, test } from "@jest/globals";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DEFAULT_PUSH_PREFERENCES } from "@/lib/schemas/push";
import { fillBrowserGaps, jsonResponse, stubNetwork } from "@/lib/__tests__/fixtures/browser";

// The push preference boxes as a person uses them: a tap stays where it was put even when the
// preferences were being read again at that moment (turning push on re-reads them), and the
// answer of that older read arrives after the tap.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-marta" }));

let respond: (request: Request) => Promise<Response>;

beforeEach(() => {
  stubNetwork((request) => respond(request));
});
afterEach(() => cleanup());

function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

test("un toque no se pierde si en ese momento llegan las preferencias que se estaban leyendo", async () => {
  const [{ QueryClientProvider }, { createQueryClient }, { PushPreferencesForm }] = await Promise.all([
    import("@tanstack/react-query"),
    import("@/lib/query/client"),
    import("../push-preferences"),
  ]);
  const rereading = deferred();
  const saving = deferred();
  let reads = 0;
  respond = async (request) => {
    if (request.method === "PUT") return saving.promise;
    reads += 1;
    return reads === 1 ? jsonResponse(200, { data: DEFAULT_PUSH_PREFERENCES }) : rereading.promise;
  };
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <PushPreferencesForm />
    </QueryClientProvider>,
  );
  const box = screen.getByRole("checkbox", { name: "Cuando alguien empieza a seguirte" }) as HTMLInputElement;
  // The box is disabled through its fieldset until the preferences arrive.
  await waitFor(() => expect(box.matches(":disabled")).toBe(false));
  expect(box.checked).toBe(true);

  // A second read is under way (as after turning push on) when the box is tapped.
  void queryClient.invalidateQueries({ queryKey: ["push", "preferences"] });
  await waitFor(() => expect(reads).toBe(2));
  fireEvent.click(box);
  expect(box.checked).toBe(false);

  // That read answers with what the server had before the tap.
  await act(async () => rereading.release(jsonResponse(200, { data: DEFAULT_PUSH_PREFERENCES })));
  expect(box.checked).toBe(false);
  await act(async () => saving.release(jsonResponse(200, { data: { ...DEFAULT_PUSH_PREFERENCES, follows: false } })));
  await waitFor(() => expect(box.checked).toBe(false));
});

test("si el servidor rechaza el cambio, la casilla vuelve a como estaba y se dice por qué", async () => {
  const [{ QueryClientProvider }, { createQueryClient }, { PushPreferencesForm }] = await Promise.all([
    import("@tanstack/react-query"),
    import("@/lib/query/client"),
    import("../push-preferences"),
  ]);
  const saving = deferred();
  respond = async (request) => (request.method === "PUT" ? saving.promise : jsonResponse(200, { data: DEFAULT_PUSH_PREFERENCES }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushPreferencesForm />
    </QueryClientProvider>,
  );
  const box = screen.getByRole("checkbox", { name: "Cuando alguien empieza a seguirte" }) as HTMLInputElement;
  // The box is disabled through its fieldset until the preferences arrive.
  await waitFor(() => expect(box.matches(":disabled")).toBe(false));
  fireEvent.click(box);
  expect(box.checked).toBe(false);
  await act(async () => saving.release(jsonResponse(403, { message: "Tu cuenta está suspendida.", code: "FORBIDDEN" })));
  expect(await screen.findByText("Tu cuenta está suspendida.")).toBeTruthy();
  expect(box.checked).toBe(true);
});
