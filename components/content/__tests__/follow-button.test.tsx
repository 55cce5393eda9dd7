import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import type { QueryClient } from "@tanstack/react-query";
import type { News } from "@/lib/schemas/news";
import type { Tag } from "@/lib/schemas/tags";
import type { User } from "@/lib/schemas/users";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps, jsonResponse, stubNetwork, type SeenRequest } from "@/lib/__tests__/fixtures/browser";

// The follow button as a person uses it: the tap shows at once (aria-pressed, the count), and a
// refusal from the server puts it back with a message in Spanish. Everything is real (React
// Query, the mutation defaults, the API client) except the network, which is a stubbed fetch.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));

let respond: (request: Request) => Promise<Response>;
let requests: SeenRequest[] = [];

beforeEach(() => {
  requests = stubNetwork((request) => respond(request));
});
afterEach(async () => {
  cleanup();
  (await import("react-hot-toast")).default.remove();
});

const news = { _id: "n1", title: "Festival de la Nuez", following: false, followersCount: 4 } as News;
const me = makeUser({ _id: "ana", name: "Ana" });
const teatro: Tag = { _id: "t1", name: "Teatro", slug: "teatro", upcomingEventsCount: 2, followersCount: 3 };

async function renderWith(ui: (modules: Modules) => React.ReactNode) {
  const modules = await load();
  const queryClient: QueryClient = modules.createQueryClient();
  const store = createStore();
  store.set(modules.authUserAtom, modules.toSessionUser(me));
  queryClient.setQueryData(modules.userQueries.myDataKey(), me);
  queryClient.setQueryData(modules.newsQueries.detail("n1"), news);
  queryClient.setQueryData(modules.tagQueries.list().queryKey, [teatro]);
  render(
    <modules.QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        {ui(modules)}
        <modules.Toaster />
      </JotaiProvider>
    </modules.QueryClientProvider>,
  );
  return { queryClient };
}

async function load() {
  const [{ QueryClientProvider, useQuery }, { Toaster }, { createQueryClient }, { newsQueries }, { userQueries }, { tagQueries }, auth, { FollowButton }] = await Promise.all([
    import("@tanstack/react-query"),
    import("react-hot-toast"),
    import("@/lib/query/client"),
    import("@/lib/api/news"),
    import("@/lib/api/users"),
    import("@/lib/api/tags"),
    import("@/lib/state/auth"),
    import("../follow-button"),
  ]);
  /** A news page's follow row: it shows whatever the cached news item says. */
  function NewsFollow() {
    const { data } = useQuery(newsQueries.detailQuery("n1"));
    if (!data) return null;
    return <FollowButton kind="news" id={data._id} following={data.following} followersCount={data.followersCount} name={data.title} />;
  }
  /** A tag's follow row, as the tag page shows it from the cached list of tags. */
  function TagFollow() {
    const { data } = useQuery(tagQueries.list());
    const tag = data?.[0];
    return tag ? <FollowButton kind="tags" id={tag._id} name={tag.name} followersCount={tag.followersCount} /> : null;
  }
  return { QueryClientProvider, Toaster, createQueryClient, newsQueries, userQueries, tagQueries, FollowButton, NewsFollow, TagFollow, ...auth };
}
type Modules = Awaited<ReturnType<typeof load>>;

function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

describe("following a news item", () => {
  test("the button is pressed and the count goes up before the server answers", async () => {
    const answer = deferred();
    respond = () => answer.promise;
    await renderWith((m) => <m.NewsFollow />);
    fireEvent.click(screen.getByRole("button", { name: "Seguir Festival de la Nuez" }));
    const pressed = await screen.findByRole("button", { name: "Dejar de seguir Festival de la Nuez" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    expect(pressed.textContent).toBe("Siguiendo");
    expect(screen.getByTestId("followers-count").textContent).toBe("5 seguidores");
    await waitFor(() => expect(requests).toEqual([{ method: "POST", url: expect.stringContaining("/api/news/n1/follow") }]));
    await act(async () => answer.release(jsonResponse(200, { data: { following: true, followersCount: 9 } })));
    // The server's count is the truth (others followed meanwhile).
    await waitFor(() => expect(screen.getByTestId("followers-count").textContent).toBe("9 seguidores"));
  });

  test("a refusal puts the button back and says why in Spanish", async () => {
    const answer = deferred();
    respond = () => answer.promise;
    await renderWith((m) => <m.NewsFollow />);
    fireEvent.click(screen.getByRole("button", { name: "Seguir Festival de la Nuez" }));
    expect((await screen.findByRole("button", { name: "Dejar de seguir Festival de la Nuez" })).getAttribute("aria-pressed")).toBe("true");
    await act(async () => answer.release(jsonResponse(403, { message: "Tu cuenta está suspendida.", code: "FORBIDDEN" })));
    expect(await screen.findByText("Tu cuenta está suspendida.")).toBeTruthy();
    const back = screen.getByRole("button", { name: "Seguir Festival de la Nuez" });
    expect(back.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("followers-count").textContent).toBe("4 seguidores");
  });
});

describe("following a person", () => {
  test("pressed at once, and back with a Spanish message when the server refuses", async () => {
    const answer = deferred();
    respond = () => answer.promise;
    await renderWith((m) => <m.FollowButton kind="users" id="beto" name="Beto" />);
    fireEvent.click(screen.getByRole("button", { name: "Seguir a Beto" }));
    const pressed = await screen.findByRole("button", { name: "Dejar de seguir a Beto" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    await act(async () => answer.release(jsonResponse(404, { message: "No encontramos a esa persona.", code: "NOT_FOUND" })));
    expect(await screen.findByText("No encontramos a esa persona.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Seguir a Beto" }).getAttribute("aria-pressed")).toBe("false");
    expect(requests[0]).toEqual({ method: "POST", url: expect.stringContaining("/api/users/follow/beto/user") });
  });

  test("no button for oneself", async () => {
    respond = async () => jsonResponse(500, {});
    await renderWith((m) => <m.FollowButton kind="users" id="ana" name="Ana" />);
    expect(screen.queryByRole("button", { name: /seguir/i })).toBeNull();
  });
});

describe("following a tag", () => {
  test("pressed with the count up at once, kept in my-data, and the server's count wins", async () => {
    const answer = deferred();
    respond = () => answer.promise;
    const { queryClient } = await renderWith((m) => <m.TagFollow />);
    fireEvent.click(screen.getByRole("button", { name: "Seguir la etiqueta Teatro" }));
    const pressed = await screen.findByRole("button", { name: "Dejar de seguir la etiqueta Teatro" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("followers-count").textContent).toBe("4 seguidores");
    const { userQueries } = await import("@/lib/api/users");
    expect(queryClient.getQueryData<User>(userQueries.myDataKey())?.following.tags).toEqual(["t1"]);
    await waitFor(() => expect(requests).toEqual([{ method: "POST", url: expect.stringContaining("/api/tags/t1/follow") }]));
    await act(async () => answer.release(jsonResponse(200, { data: { following: true, followersCount: 7 } })));
    await waitFor(() => expect(screen.getByTestId("followers-count").textContent).toBe("7 seguidores"));
  });

  test("a refusal puts the button and the count back and says why in Spanish", async () => {
    const answer = deferred();
    respond = () => answer.promise;
    const { queryClient } = await renderWith((m) => <m.TagFollow />);
    fireEvent.click(screen.getByRole("button", { name: "Seguir la etiqueta Teatro" }));
    await screen.findByRole("button", { name: "Dejar de seguir la etiqueta Teatro" });
    await act(async () => answer.release(jsonResponse(404, { message: "Etiqueta no encontrada.", code: "NOT_FOUND" })));
    expect(await screen.findByText("Etiqueta no encontrada.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Seguir la etiqueta Teatro" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("followers-count").textContent).toBe("3 seguidores");
    const { userQueries } = await import("@/lib/api/users");
    expect(queryClient.getQueryData<User>(userQueries.myDataKey())?.following.tags).toEqual([]);
  });
});
