import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, createPlace, makePerson, type Person } from "../../content/__tests__/helpers";
import { prefixQuery } from "../repository";

describe("búsqueda", () => {
  let t: TestApp;
  let person: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    person = await makePerson(t, { name: "Ñoño Pérez Música" });
    admin = await makePerson(t, { accountType: "ADMIN" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("arma la consulta con prefijos y sin acentos", () => {
    expect(prefixQuery("  Teatro  Fernando! ")).toBe("teatro:* & fernando:*");
    expect(prefixQuery("Música Ñandú")).toBe("musica:* & nandu:*");
    expect(prefixQuery("!!!")).toBeNull();
  });

  it("encuentra eventos, lugares, comunidades y personas sin importar acentos ni mayúsculas, y no lo oculto", async () => {
    const placeId = await createPlace(t, person, { name: "Teatro García Carrillo" });
    const eventId = await createEvent(t, person, { title: "Música de cámara en el teatro", placeId });
    const hiddenId = await createEvent(t, person, { title: "Música oculta" });
    await as(t, admin)({ method: "POST", url: `/api/events/${hiddenId}/moderate`, payload: { action: "hide", reason: "Spam" } });
    await createCommunity(t, person, "Músicos de Saltillo");

    const res = await as(t, null)({ url: `/api/search?q=${encodeURIComponent("MUSICA")}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.events.map((e: { _id: string }) => e._id)).toEqual([eventId]);
    expect(data.communities.map((c: { name: string }) => c.name)).toEqual(["Músicos de Saltillo"]);
    expect(data.users.map((u: { _id: string }) => u._id)).toEqual([person.uid]);

    const places = await as(t, null)({ url: `/api/search?q=${encodeURIComponent("garcia carr")}&kind=places` });
    expect(places.json().data.places.map((p: { _id: string }) => p._id)).toEqual([placeId]);
    expect(places.json().data.events).toEqual([]);

    const short = await as(t, null)({ url: "/api/search?q=a" });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe("Escribe al menos 2 letras para buscar.");
  });
});
