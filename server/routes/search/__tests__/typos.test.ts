import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, expectedDatabaseKind, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, createPlace, daysFromNow, makePerson, type Person } from "../../content/__tests__/helpers";
import { publishNews } from "../../news/__tests__/helpers";

// Spanish search as people type it: with or without accents, and with a letter missing or wrong.
// Full-text (and prefix) matches always come before typo matches, and every result says which
// part of its title matched.

interface Hit {
  _id: string;
  title?: string;
  name?: string;
  highlight: { start: number; end: number }[];
}

describe(`búsqueda tolerante a acentos y errores de dedo (${expectedDatabaseKind()})`, () => {
  let t: TestApp;
  let person: Person;
  let theatreNight: string;
  let theatreWorkshop: string;

  const search = async (q: string, kind?: string): Promise<Record<"events" | "places" | "news" | "communities" | "users", Hit[]>> => {
    const res = await as(t, null)({ url: `/api/search?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ""}` });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const titles = (hits: Hit[]) => hits.map((h) => h.title ?? h.name);
  const marked = (hit: Hit) => hit.highlight.map((r) => (hit.title ?? hit.name)!.slice(r.start, r.end));

  beforeAll(async () => {
    t = await createTestApp();
    person = await makePerson(t, { name: "Ximena Saldívar" });
    // The typo match is sooner, so only the tiers can put the exact match first.
    theatreWorkshop = await createEvent(t, person, { title: "Taller de teatrino", startsAt: daysFromNow(2) });
    theatreNight = await createEvent(t, person, { title: "Noche de teatro", startsAt: daysFromNow(9) });
    await createEvent(t, person, { title: "Tarde de tatuajes", startsAt: daysFromNow(4) });
  });
  afterAll(async () => {
    await t.close();
  });

  it("«teatro», «Teátro» y «tatro» encuentran «Noche de teatro» y marcan la palabra", async () => {
    for (const q of ["teatro", "Teátro", "TEATRO", "tatro"]) {
      const { events } = await search(q, "events");
      expect(events.map((e) => e._id)).toContain(theatreNight);
      expect(marked(events.find((e) => e._id === theatreNight)!)).toEqual(["teatro"]);
      expect(titles(events)).not.toContain("Tarde de tatuajes");
    }
  });

  it("lo exacto va antes que lo parecido aunque lo parecido sea antes", async () => {
    const { events } = await search("teatro", "events");
    expect(events.map((e) => e._id)).toEqual([theatreNight, theatreWorkshop]);
    expect(marked(events[1]!)).toEqual(["teatrino"]);
  });

  it("un prefijo marca solo lo escrito", async () => {
    const { events } = await search("teat", "events");
    expect(events.map((e) => e._id)).toEqual([theatreNight, theatreWorkshop]);
    expect(events.map((e) => e.highlight)).toEqual([[{ start: 9, end: 13 }], [{ start: 10, end: 14 }]]);
  });

  it("con menos de 4 letras no adivina errores", async () => {
    const { events } = await search("tat", "events");
    expect(titles(events)).toEqual(["Tarde de tatuajes"]);
  });

  it("los errores de dedo también encuentran lugares, noticias, comunidades y personas", async () => {
    await createPlace(t, person, { name: "Teatro García Carrillo" });
    await publishNews(t, person, { title: "Crónica del festival de jazz" });
    await createCommunity(t, person, "Músicos de Saltillo");

    const places = await search("carillo", "places");
    expect(titles(places.places)).toEqual(["Teatro García Carrillo"]);
    expect(marked(places.places[0]!)).toEqual(["Carrillo"]);

    const news = await search("cronika", "news");
    expect(titles(news.news)).toEqual(["Crónica del festival de jazz"]);
    expect(marked(news.news[0]!)).toEqual(["Crónica"]);

    const communities = await search("saltilo", "communities");
    expect(titles(communities.communities)).toEqual(["Músicos de Saltillo"]);

    const people = await search("saldivr", "users");
    expect(people.users.map((u) => u._id)).toEqual([person.uid]);
    expect(marked(people.users[0]!)).toEqual(["Saldívar"]);
  });

  it("la búsqueda sin errores sigue igual y cada resultado trae su marca", async () => {
    const all = await search("Música");
    expect(titles(all.communities)).toEqual(["Músicos de Saltillo"]);
    expect(marked(all.communities[0]!)).toEqual(["Músicos"]);
    expect(all.events).toEqual([]);
  });

  it("el contrato OpenAPI declara la marca de cada resultado", async () => {
    const doc = (await t.request({ url: "/api/openapi.json" })).json();
    const data = doc.paths["/api/search/"].get.responses["200"].content["application/json"].schema.properties.data;
    for (const kind of ["events", "places", "news", "communities", "users"]) {
      const item = data.properties[kind].items;
      expect(item.required).toContain("highlight");
      expect(item.properties.highlight.items.properties).toEqual({
        start: expect.objectContaining({ type: "integer", minimum: 0 }),
        end: expect.objectContaining({ type: "integer", minimum: 0 }),
      });
    }
  });
});
