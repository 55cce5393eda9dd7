/**
 * @jest-environment node
 */

import { describe, expect, it, jest } from "@jest/globals";
import { editInValue, flattenPages, sendOnce, withFollow } from "../content";

// The module uses localStorage at call time; Node has none, and jsdom cannot load ky.
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  },
});

describe("sendOnce", () => {
  it("sends a keyed call once; a replay gets the first answer without a request", async () => {
    const send = jest.fn(async () => ({ following: true, followersCount: 3 }));
    await expect(sendOnce("k-1", send)).resolves.toEqual({ following: true, followersCount: 3 });
    await expect(sendOnce("k-1", send)).resolves.toEqual({ following: true, followersCount: 3 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("a replayed create reads the item back instead of posting it again", async () => {
    const post = jest.fn(async () => ({ _id: "e1", title: "Uno" }));
    const read = jest.fn(async (prev: { _id: string; title: string }) => ({ ...prev, title: "Uno (servidor)" }));
    await sendOnce("k-2", post, read);
    await expect(sendOnce("k-2", post, read)).resolves.toEqual({ _id: "e1", title: "Uno (servidor)" });
    expect(post).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("a failed call is not marked, so it can be tried again", async () => {
    const send = jest.fn<() => Promise<number>>().mockRejectedValueOnce(new Error("red")).mockResolvedValueOnce(1);
    await expect(sendOnce("k-3", send)).rejects.toThrow("red");
    await expect(sendOnce("k-3", send)).resolves.toBe(1);
  });
});

describe("cached copies of followed items", () => {
  const item = { _id: "p1", following: false, followersCount: 2 };

  it("follow flips the flag and the count once", () => {
    expect(withFollow(item, true)).toEqual({ _id: "p1", following: true, followersCount: 3 });
    expect(withFollow({ ...item, following: true }, true)).toEqual({ ...item, following: true });
  });

  it("edits the item inside pages of an infinite list and search results", () => {
    const infinite = { pages: [{ items: [item, { _id: "p2", following: false, followersCount: 0 }], nextCursor: null }], pageParams: [undefined] };
    const edited = editInValue<typeof item>(infinite, "p1", (i) => withFollow(i, true)) as typeof infinite;
    expect(edited.pages[0]!.items[0]).toEqual({ _id: "p1", following: true, followersCount: 3 });
    expect(edited.pages[0]!.items[1]).toBe(infinite.pages[0]!.items[1]);
    const search = { events: [], places: [item], news: [], communities: [], users: [] };
    expect((editInValue<typeof item>(search, "p1", (i) => withFollow(i, true)) as typeof search).places[0]!.following).toBe(true);
    expect(editInValue(search, "nope", (i) => i)).toBe(search);
  });

  it("flattens pages without repeats", () => {
    const data = { pages: [{ items: [{ _id: "a" }, { _id: "b" }], nextCursor: "c" }, { items: [{ _id: "b" }, { _id: "c" }], nextCursor: null }], pageParams: [] };
    expect(flattenPages(data).map((x) => x._id)).toEqual(["a", "b", "c"]);
  });
});

describe("listed (an item page drawn from the card just tapped)", () => {
  /** The events resource and an empty cache. */
  async function eventsAndCache() {
    const { QueryClient } = await import("@tanstack/react-query");
    const { contentResource } = await import("../content-resource");
    type Listed = { _id: string; title: string; followersCount: number };
    return { events: contentResource<Listed, Listed, object, object>("events"), client: new QueryClient() };
  }

  it("finds the item in a cached list of its kind or in eventos para ti, never in an item page or another kind's list", async () => {
    const { events, client } = await eventsAndCache();
    client.setQueryData(["events", "list", "public", {}, 20], { pages: [{ items: [{ _id: "a", title: "Noche de jazz", followersCount: 0 }], nextCursor: null }], pageParams: [null] });
    client.setQueryData(["events", "for-you"], { items: [{ _id: "b", title: "Taller de grabado", followersCount: 2, reasons: ["tag"] }], nextCursor: null });
    client.setQueryData(["events", "detail", "c"], { _id: "c", title: "Solo en su página", followersCount: 0 });
    client.setQueryData(["places", "list", "public", {}, 20], { pages: [{ items: [{ _id: "d", title: "Teatro", followersCount: 0 }], nextCursor: null }], pageParams: [null] });
    expect(events.listed(client, "a")?.title).toBe("Noche de jazz");
    expect(events.listed(client, "b")?.title).toBe("Taller de grabado");
    expect(events.listed(client, "c")).toBeUndefined();
    expect(events.listed(client, "d")).toBeUndefined();
    expect(events.listed(client, "z")).toBeUndefined();
  });

  it("also finds it in search results, among the results of its own kind", async () => {
    const { events, client } = await eventsAndCache();
    client.setQueryData(["search", "jazz"], {
      events: [{ _id: "s", title: "Jazz en la Alameda", followersCount: 0, highlight: [] }],
      places: [{ _id: "p", title: "Jazz Club", followersCount: 0, highlight: [] }],
      news: [],
      communities: [],
      users: [],
    });
    expect(events.listed(client, "s")?.title).toBe("Jazz en la Alameda");
    expect(events.listed(client, "p")).toBeUndefined();
  });
});

describe("listedPlace (a place's page opened from an event that names it)", () => {
  const place = (name: string, coverImage?: string | null) => ({ _id: "p", name, category: "teatro", addressLine: "Centro", lat: null, lng: null, ...(coverImage === undefined ? {} : { coverImage }) });

  it("finds the place in a cached event page or a list of events, the newest copy first", async () => {
    const { QueryClient } = await import("@tanstack/react-query");
    const { listedPlace } = await import("../places");
    const client = new QueryClient();
    client.setQueryData(["events", "detail", "e2"], { _id: "e2", place: place("Teatro nuevo", "/uploads/content/x/960.webp") }, { updatedAt: 2_000 });
    expect(listedPlace(client, "p")).toMatchObject({ name: "Teatro nuevo", coverImage: "/uploads/content/x/960.webp" });
    client.setQueryData(["events", "list", "public", {}, 20], { pages: [{ items: [{ _id: "e1", place: place("Teatro viejo", null) }], nextCursor: null }], pageParams: [null] }, { updatedAt: 1_000 });
    expect(listedPlace(client, "p")).toMatchObject({ name: "Teatro nuevo" });
    client.setQueryData(["events", "list", "public", {}, 20], { pages: [{ items: [{ _id: "e1", place: place("Teatro renombrado", null) }], nextCursor: null }], pageParams: [null] }, { updatedAt: 3_000 });
    expect(listedPlace(client, "p")).toMatchObject({ name: "Teatro renombrado", coverImage: null });
    expect(listedPlace(client, "q")).toBeUndefined();
    // A list of places has it whole (whether it is hidden, too): that copy first.
    client.setQueryData(["places", "list", "public", {}, 20], { pages: [{ items: [{ _id: "p", name: "Teatro en la lista", followersCount: 3, hidden: false }] }], pageParams: [null] }, { updatedAt: 500 });
    expect(listedPlace(client, "p")).toMatchObject({ name: "Teatro en la lista", hidden: false });
  });

  it("not from a copy saved before events carried their place's cover, nor from another kind", async () => {
    const { QueryClient } = await import("@tanstack/react-query");
    const { listedPlace } = await import("../places");
    const client = new QueryClient();
    client.setQueryData(["events", "detail", "e1"], { _id: "e1", place: place("Sin portada guardada") });
    client.setQueryData(["news", "detail", "n1"], { _id: "n1", place: place("En una noticia", null) });
    expect(listedPlace(client, "p")).toBeUndefined();
  });
});

describe("listedCommunity (a community's page opened from an event or a news item)", () => {
  it("finds the community that a cached news item or event names, the newest copy first, and not in other kinds", async () => {
    const { QueryClient } = await import("@tanstack/react-query");
    const { listedCommunity } = await import("../communities");
    const client = new QueryClient();
    const community = (name: string) => ({ _id: "c", name, image: null });
    client.setQueryData(["places", "detail", "p"], { _id: "p", community: community("En un lugar") }, { updatedAt: 5_000 });
    expect(listedCommunity(client, "c")).toBeUndefined();
    client.setQueryData(["news", "detail", "n1"], { _id: "n1", community: community("Colectivo en una noticia") }, { updatedAt: 2_000 });
    expect(listedCommunity(client, "c")).toEqual(community("Colectivo en una noticia"));
    client.setQueryData(["events", "list", "public", {}, 20], { pages: [{ items: [{ _id: "e1", community: community("Colectivo en un evento") }] }], pageParams: [null] }, { updatedAt: 3_000 });
    expect(listedCommunity(client, "c")).toEqual(community("Colectivo en un evento"));
    client.setQueryData(["events", "for-you"], { items: [{ _id: "e2", community: community("Colectivo para ti") }], nextCursor: null }, { updatedAt: 4_000 });
    expect(listedCommunity(client, "c")).toEqual(community("Colectivo para ti"));
  });

  it("passes over a copy without the picture, and what is not where cached items are kept", async () => {
    const { QueryClient } = await import("@tanstack/react-query");
    const { listedCommunity } = await import("../communities");
    const client = new QueryClient();
    client.setQueryData(["news", "detail", "n1"], { _id: "n1", community: { _id: "c", name: "Guardada antes" } });
    client.setQueryData(["events", "detail", "e1"], { _id: "e1", community: null, series: { community: { _id: "c", name: "Dentro de un campo", image: null } } });
    expect(listedCommunity(client, "c")).toBeUndefined();
  });
});
