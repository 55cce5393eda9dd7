import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { z } from "zod";
import { communityListItemSchema, communitySchema } from "../../../../lib/schemas/communities";
import type { ContentKind } from "../../../../lib/schemas/content";
import { eventListItemSchema, eventSchema } from "../../../../lib/schemas/events";
import { newsListItemSchema, newsSchema } from "../../../../lib/schemas/news";
import { placeListItemSchema, placeSchema } from "../../../../lib/schemas/places";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, makePerson, type Person } from "./helpers";

// Lists answer each item without the long texts only its page shows (the list shape of
// lib/schemas/<kind>.ts); the page asks for the item and gets all of it. A phone that opens the
// agenda downloads, parses and keeps offline a page of cards, not twenty descriptions.

/** Long enough that a list carrying it would be several times heavier than its cards. */
const LONG = "Una noche para escuchar y conversar con calma. ".repeat(80).trim();

type ObjectSchema = z.ZodObject<z.ZodRawShape>;
interface Kind {
  kind: ContentKind;
  item: ObjectSchema;
  listItem: ObjectSchema;
  /** The long texts the list leaves out, as the item's page returns them. */
  pageOnly: Record<string, unknown>;
  create(t: TestApp, who: Person): Promise<string>;
}

const KINDS: Kind[] = [
  {
    kind: "events",
    item: eventSchema,
    listItem: eventListItemSchema,
    pageOnly: { description: LONG, accessibility: "Rampa por la entrada lateral.", priceNote: "Niños entran gratis.", statusNote: null },
    create: (t, who) =>
      createEvent(t, who, { title: "Lectura larga", description: LONG, accessibility: "Rampa por la entrada lateral.", priceType: "paid", priceAmount: 150, priceNote: "Niños entran gratis." }),
  },
  {
    kind: "places",
    item: placeSchema,
    listItem: placeListItemSchema,
    pageOnly: { description: LONG, openingHoursNote: "Cerrado en días festivos.", accessibility: "Elevador al fondo." },
    create: (t, who) =>
      createPlace(t, who, {
        name: "Casa de lectura",
        description: LONG,
        openingHours: [{ day: 1, opens: "10:00", closes: "18:00" }],
        openingHoursNote: "Cerrado en días festivos.",
        contact: { phone: "844 123 4567" },
        accessibility: "Elevador al fondo.",
      }),
  },
  {
    kind: "news",
    item: newsSchema,
    listItem: newsListItemSchema,
    pageOnly: { body: LONG },
    create: async (t, who) => {
      const res = await as(t, who)({ method: "POST", url: "/api/news", payload: { title: "Crónica de la lectura", summary: "Lo que pasó el sábado.", body: LONG } });
      if (res.statusCode !== 201) throw new Error(`news: ${res.statusCode} ${res.body}`);
      return res.json().data._id;
    },
  },
  {
    kind: "communities",
    item: communitySchema,
    listItem: communityListItemSchema,
    pageOnly: { description: LONG },
    create: async (t, who) => {
      const res = await as(t, who)({ method: "POST", url: "/api/communities", payload: { name: "Club de lectura larga", description: LONG } });
      if (res.statusCode !== 201) throw new Error(`community: ${res.statusCode} ${res.body}`);
      return res.json().data._id;
    },
  },
];

const keysOf = (schema: ObjectSchema) => Object.keys(schema.shape).sort();

describe("listas con la forma de lista; el elemento completo en su página", () => {
  let t: TestApp;
  let author: Person;
  let reader: Person;
  const ids = new Map<ContentKind, string>();

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t);
    reader = await makePerson(t);
    for (const k of KINDS) {
      const id = await k.create(t, author);
      ids.set(k.kind, id);
      const follow = await as(t, reader)({ method: "POST", url: `/api/${k.kind}/${id}/follow` });
      expect(follow.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(KINDS.map((k) => [k.kind, k] as const))("%s: cada lista deja fuera los textos largos y la página los trae", async (_name, k) => {
    const id = ids.get(k.kind)!;
    const lists: [Person | null, string][] = [
      [null, `/api/${k.kind}?limit=50`],
      [reader, `/api/${k.kind}?limit=50`],
      [author, `/api/${k.kind}/mine`],
      [reader, `/api/${k.kind}/following`],
    ];
    for (const [who, url] of lists) {
      const res = await as(t, who)({ url });
      expect(res.statusCode).toBe(200);
      const item = (res.json().data.items as Record<string, unknown>[]).find((i) => i._id === id);
      expect(item).toBeDefined();
      expect(Object.keys(item!).sort()).toEqual(keysOf(k.listItem));
      for (const field of Object.keys(k.pageOnly)) expect(item).not.toHaveProperty(field);
      // The card is a fraction of the item: the long text is not hiding under another name.
      expect(JSON.stringify(item).length).toBeLessThan(LONG.length / 2);
    }

    const page = await as(t, null)({ url: `/api/${k.kind}/${id}` });
    expect(page.statusCode).toBe(200);
    const full = k.item.parse(page.json().data);
    expect(Object.keys(page.json().data).sort()).toEqual(keysOf(k.item));
    expect(full).toMatchObject(k.pageOnly);
  });

  it("la búsqueda y «para ti» también responden con la forma de lista", async () => {
    const search = await as(t, reader)({ url: `/api/search?q=${encodeURIComponent("lectura")}` });
    expect(search.statusCode).toBe(200);
    const results = search.json().data as Record<string, Record<string, unknown>[]>;
    for (const k of KINDS) {
      const found = results[k.kind]!.find((i) => i._id === ids.get(k.kind));
      expect(found).toBeDefined();
      expect(Object.keys(found!).sort()).toEqual([...keysOf(k.listItem), "highlight"].sort());
    }

    const forYou = await as(t, reader)({ url: "/api/events/for-you" });
    expect(forYou.statusCode).toBe(200);
    const suggested = (forYou.json().data.items as Record<string, unknown>[]).find((i) => i._id === ids.get("events"));
    expect(suggested).toBeDefined();
    expect(Object.keys(suggested!).sort()).toEqual([...keysOf(eventListItemSchema), "reasons"].sort());
  });
});
