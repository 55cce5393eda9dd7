import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { eventSchema } from "../../../../lib/schemas/events";
import { placeSchema } from "../../../../lib/schemas/places";
import { createTestApp, type TestApp } from "../../../test/harness";
import { extendOpenSeries } from "../../events/extender";
import { as, createEvent, createPlace, daysFromNow, makePerson, type Person } from "./helpers";

// Accessibility is modelled once (lib/schemas/accessibility.ts) for events and places: the same
// round trip, the same Spanish validation and the same edit rule hold for both kinds.

const KINDS = [
  { kind: "events", create: createEvent, parse: (data: unknown) => eventSchema.parse(data) },
  { kind: "places", create: createPlace, parse: (data: unknown) => placeSchema.parse(data) },
] as const;

describe("accesibilidad de eventos y lugares", () => {
  let t: TestApp;
  let author: Person;
  let stranger: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t);
    stranger = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(KINDS)("$kind", ({ kind, create, parse }) => {
    const read = async (id: string) => parse((await as(t, null)({ url: `/api/${kind}/${id}` })).json().data);

    it("guarda las características y la nota al crear, las devuelve en el detalle y en la lista de quien publica", async () => {
      const id = await create(t, author, {
        accessibilityFeatures: ["sign-language", "step-free-entrance", "accessible-toilet"],
        accessibility: "Intérprete de LSM en la función de las 19:00.",
      });
      const item = await read(id);
      // Stored in the catalogue's order whatever order they were sent in.
      expect(item.accessibilityFeatures).toEqual(["step-free-entrance", "accessible-toilet", "sign-language"]);
      expect(item.accessibility).toBe("Intérprete de LSM en la función de las 19:00.");
      const mine = (await as(t, author)({ url: `/api/${kind}/mine` })).json().data.items as { _id: string; accessibilityFeatures: string[] }[];
      expect(mine.find((x) => x._id === id)?.accessibilityFeatures).toEqual(["step-free-entrance", "accessible-toilet", "sign-language"]);
    });

    it("un cuerpo sin accesibilidad sigue funcionando: sin características y sin nota", async () => {
      const item = await read(await create(t, author));
      expect(item.accessibilityFeatures).toEqual([]);
      expect(item.accessibility).toBeNull();
    });

    it("al editar conserva lo que no se envía, reemplaza lo que se envía y una lista vacía las quita", async () => {
      const id = await create(t, author, { accessibilityFeatures: ["seating", "quiet-space"], accessibility: "Sala tranquila en el segundo piso." });
      const untouched = await as(t, author)({ method: "PUT", url: `/api/${kind}/${id}`, payload: { description: "Otra descripción." } });
      expect(untouched.statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ accessibilityFeatures: ["seating", "quiet-space"], accessibility: "Sala tranquila en el segundo piso." });

      const replaced = await as(t, author)({ method: "PUT", url: `/api/${kind}/${id}`, payload: { accessibilityFeatures: ["assistance-animals", "accessible-parking"] } });
      expect(replaced.statusCode).toBe(200);
      expect(parse(replaced.json().data).accessibilityFeatures).toEqual(["assistance-animals", "accessible-parking"]);
      expect((await read(id)).accessibility).toBe("Sala tranquila en el segundo piso.");

      const cleared = await as(t, author)({ method: "PUT", url: `/api/${kind}/${id}`, payload: { accessibilityFeatures: [], accessibility: "" } });
      expect(cleared.statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ accessibilityFeatures: [], accessibility: null });
    });

    it("otra persona no puede cambiar la accesibilidad (403) y lo guardado no cambia", async () => {
      const id = await create(t, author, { accessibilityFeatures: ["step-free-entrance"] });
      const res = await as(t, stranger)({ method: "PUT", url: `/api/${kind}/${id}`, payload: { accessibilityFeatures: [] } });
      expect(res.statusCode).toBe(403);
      const signedOut = await as(t, null)({ method: "PUT", url: `/api/${kind}/${id}`, payload: { accessibilityFeatures: [] } });
      expect(signedOut.statusCode).toBe(401);
      expect((await read(id)).accessibilityFeatures).toEqual(["step-free-entrance"]);
    });

    it("rechaza con 400 y mensajes en español una característica desconocida, una repetida, algo que no es lista o una nota muy larga", async () => {
      const id = await create(t, author);
      const cases: [unknown, string, (string | number)[]][] = [
        [
          { accessibilityFeatures: ["rampa"] },
          "Cada característica de accesibilidad debe ser una de: step-free-entrance, accessible-toilet, seating, sign-language, captions-audio-description, quiet-space, assistance-animals, accessible-parking.",
          ["accessibilityFeatures", 0],
        ],
        [{ accessibilityFeatures: ["seating", "seating"] }, "Indica cada característica de accesibilidad una sola vez.", ["accessibilityFeatures"]],
        [{ accessibilityFeatures: "seating" }, "Las características de accesibilidad deben ser una lista.", ["accessibilityFeatures"]],
        [{ accessibility: "x".repeat(1001) }, "La información de accesibilidad admite hasta 1000 caracteres.", ["accessibility"]],
      ];
      for (const [payload, message, path] of cases) {
        const res = await as(t, author)({ method: "PUT", url: `/api/${kind}/${id}`, payload: payload as Record<string, unknown> });
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toEqual(expect.arrayContaining([{ path, message }]));
      }
      const bad = await as(t, author)({ method: "POST", url: `/api/${kind}`, payload: { accessibilityFeatures: ["rampa"] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { message: string }) => i.message)).toContain(
        "Cada característica de accesibilidad debe ser una de: step-free-entrance, accessible-toilet, seating, sign-language, captions-audio-description, quiet-space, assistance-animals, accessible-parking.",
      );
      expect((await read(id)).accessibilityFeatures).toEqual([]);
    });
  });

  it("cada fecha de una serie lleva las características, también las que se agregan después y las que cambian «desde esta»", async () => {
    const res = await as(t, author)({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Taller semanal accesible",
        startsAt: daysFromNow(2),
        address: "Casa de la Cultura, Saltillo",
        recurrence: { rule: "weekly" },
        accessibilityFeatures: ["captions-audio-description", "seating"],
      },
    });
    expect(res.statusCode).toBe(201);
    const seriesId = res.json().data.series._id as string;
    const list = async () =>
      (await as(t, null)({ url: `/api/events?seriesId=${seriesId}&limit=50` })).json().data.items as { _id: string; accessibilityFeatures: string[] }[];
    const before = await list();
    expect(before.length).toBeGreaterThan(1);
    expect(new Set(before.map((e) => e.accessibilityFeatures.join()))).toEqual(new Set(["seating,captions-audio-description"]));

    // Materialising later dates copies the first one's features.
    expect(await extendOpenSeries(t.database, new Date(Date.now() + 60 * 86_400_000))).toBeGreaterThan(0);
    const stored = await t.database.query<{ accessibility_features: string[] }>("SELECT accessibility_features FROM events WHERE series_id = $1", [seriesId]);
    expect(stored.length).toBeGreaterThan(before.length);
    expect(stored.every((e) => e.accessibility_features.join() === "seating,captions-audio-description")).toBe(true);

    const third = before[2]!;
    const changed = await as(t, author)({ method: "PUT", url: `/api/events/${third._id}`, payload: { scope: "following", accessibilityFeatures: ["quiet-space"] } });
    expect(changed.statusCode).toBe(200);
    const after = await list();
    expect(after.slice(0, 2).map((e) => e.accessibilityFeatures)).toEqual([
      ["seating", "captions-audio-description"],
      ["seating", "captions-audio-description"],
    ]);
    expect(after.slice(2).every((e) => e.accessibilityFeatures.join() === "quiet-space")).toBe(true);
  });

  it("perfil de accesibilidad: la persona guarda sus necesidades, solo ella las ve, y se validan en español", async () => {
    const person = await makePerson(t);
    const admin = await makePerson(t, { accountType: "ADMIN" });
    const saved = await as(t, person)({ method: "PUT", url: "/api/users/my-data", payload: { accessibilityNeeds: ["quiet-space", "step-free-entrance"] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.accessibilityNeeds).toEqual(["step-free-entrance", "quiet-space"]);

    const renamed = await as(t, person)({ method: "PUT", url: "/api/users/my-data", payload: { name: "Rosa Prueba" } });
    expect(renamed.json().data.accessibilityNeeds).toEqual(["step-free-entrance", "quiet-space"]);
    expect((await as(t, person)({ url: "/api/users/my-data" })).json().data.accessibilityNeeds).toEqual(["step-free-entrance", "quiet-space"]);
    expect((await as(t, person)({ url: "/api/users/initial-data" })).json().data.user.accessibilityNeeds).toEqual(["step-free-entrance", "quiet-space"]);

    // Health-related and private: neither other people nor admins see it.
    for (const viewer of [stranger, admin, null]) {
      const seen = await as(t, viewer)({ url: `/api/users/${person.uid}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.accessibilityNeeds).toEqual([]);
    }

    const bad = await as(t, person)({ method: "PUT", url: "/api/users/my-data", payload: { accessibilityNeeds: ["rampa"] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toMatch(/^Cada característica de accesibilidad debe ser una de: /);

    const cleared = await as(t, person)({ method: "PUT", url: "/api/users/my-data", payload: { accessibilityNeeds: [] } });
    expect(cleared.json().data.accessibilityNeeds).toEqual([]);
  });
});
