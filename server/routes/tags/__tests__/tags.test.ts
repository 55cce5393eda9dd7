import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { tagSchema } from "../../../../lib/schemas/tags";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, daysFromNow, makePerson, type Person } from "../../content/__tests__/helpers";

// Tags of events: everyone reads them; only site admins create, rename and delete them. Events
// take tags by slug, and each tag counts its upcoming visible events.

const NOT_FOUND = { message: "Etiqueta no encontrada.", code: "NOT_FOUND" };
const SLUG_TAKEN = { message: "Ya existe una etiqueta con ese identificador.", code: "CONFLICT" };

describe("etiquetas", () => {
  let t: TestApp;
  let admin: Person;
  let master: Person;
  let normal: Person;
  let organizer: Person;

  const create = (who: Person | null, payload: unknown) => as(t, who)({ method: "POST", url: "/api/tags", payload });
  const rename = (who: Person | null, id: string, payload: unknown) => as(t, who)({ method: "PUT", url: `/api/tags/${id}`, payload });
  const remove = (who: Person | null, id: string) => as(t, who)({ method: "DELETE", url: `/api/tags/${id}` });
  const listed = async () => ((await as(t, null)({ url: "/api/tags" })).json().data.items as { _id: string; name: string; slug: string; upcomingEventsCount: number }[]);
  const tagOf = async (slug: string) => (await listed()).find((tag) => tag.slug === slug);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makePerson(t, { accountType: "ADMIN" });
    master = await makePerson(t, { accountType: "MASTER" });
    normal = await makePerson(t);
    organizer = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("la administración crea etiquetas; el identificador sale del nombre sin acentos si no se da", async () => {
    const res = await create(admin, { name: "  Música en vivo  " });
    expect(res.statusCode).toBe(201);
    expect(tagSchema.parse(res.json().data)).toEqual({ _id: expect.any(String), name: "Música en vivo", slug: "musica-en-vivo", upcomingEventsCount: 0, followersCount: 0 });

    const withSlug = await create(master, { name: "Danza", slug: "  DANZA-Contemporanea " });
    expect(withSlug.statusCode).toBe(201);
    expect(withSlug.json().data).toMatchObject({ name: "Danza", slug: "danza-contemporanea" });
  });

  it("lista todas las etiquetas por nombre en una sola página, para cualquiera", async () => {
    await create(admin, { name: "Cine" });
    await create(admin, { name: "Artes visuales" });
    const res = await as(t, null)({ url: "/api/tags" });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.items.map((tag: { name: string }) => tag.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toEqual(expect.arrayContaining(["Artes visuales", "Cine", "Música en vivo"]));
    expect(res.json().data.nextCursor).toBeNull();
    expect((await as(t, normal)({ url: "/api/tags" })).statusCode).toBe(200);
  });

  it("solo ADMIN y MASTER escriben: 401 sin sesión, 403 para una cuenta normal o una admin suspendida", async () => {
    const tag = (await create(admin, { name: "Literatura" })).json().data as { _id: string };
    const bannedAdmin = await makePerson(t, { accountType: "ADMIN", banned: true });

    const anonymous = [await create(null, { name: "Anónima" }), await rename(null, tag._id, { name: "X" }), await remove(null, tag._id)];
    for (const res of anonymous) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Necesitas iniciar sesión.", code: "UNAUTHENTICATED" });
    }
    const byNormal = [await create(normal, { name: "Normal" }), await rename(normal, tag._id, { name: "Letras" }), await remove(normal, tag._id)];
    for (const res of byNormal) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "No tienes permiso para hacer esto.", code: "FORBIDDEN" });
    }
    for (const res of [await create(bannedAdmin, { name: "Suspendida" }), await rename(bannedAdmin, tag._id, { name: "Letras" }), await remove(bannedAdmin, tag._id)]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await tagOf("literatura")).toMatchObject({ name: "Literatura" });
    expect(await tagOf("normal")).toBeUndefined();
  });

  it("valida en español: nombre obligatorio y corto, identificador sin acentos, sin campos de más", async () => {
    const empty = await create(admin, { name: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: ["name"], message: "El nombre es obligatorio." }]);
    expect((await create(admin, {})).json().issues).toEqual([{ path: ["name"], message: "El nombre es obligatorio." }]);

    const long = await create(admin, { name: "n".repeat(41) });
    expect(long.json().issues).toEqual([{ path: ["name"], message: "El nombre admite hasta 40 caracteres." }]);

    const badSlug = await create(admin, { name: "Teatro", slug: "teatro_guiñol", color: "rojo" });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().issues).toEqual([
      { path: ["slug"], message: "La etiqueta solo admite letras sin acentos, números y guiones (p. ej. «musica-en-vivo»)." },
      { path: ["color"], message: "Este campo no está permitido." },
    ]);

    const noLetters = await create(admin, { name: "¡¡¡!!!" });
    expect(noLetters.statusCode).toBe(400);
    expect(noLetters.json()).toEqual({
      message: "El nombre de la etiqueta necesita letras o números.",
      code: "VALIDATION_ERROR",
      issues: [{ path: ["name"], message: "El nombre de la etiqueta necesita letras o números." }],
    });
    expect(await tagOf("teatro")).toBeUndefined();
  });

  it("no repite identificadores: el mismo nombre con otras mayúsculas o acentos es 409", async () => {
    expect((await create(admin, { name: "Fotografía" })).statusCode).toBe(201);
    for (const payload of [{ name: "FOTOGRAFIA" }, { name: "Foto", slug: "fotografia" }]) {
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(SLUG_TAKEN);
    }
    expect((await listed()).filter((tag) => tag.slug === "fotografia")).toHaveLength(1);
    // The same name under another slug is a different tag.
    expect((await create(admin, { name: "Fotografía", slug: "fotografia-antigua" })).statusCode).toBe(201);
  });

  it("renombra sin cambiar el identificador, cambia el identificador si está libre, 404 si no existe", async () => {
    const tag = (await create(admin, { name: "Teatro infantil" })).json().data as { _id: string };
    const renamed = await rename(admin, tag._id, { name: "Teatro para niñas y niños" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ _id: tag._id, name: "Teatro para niñas y niños", slug: "teatro-infantil" });

    const reslugged = await rename(master, tag._id, { slug: "teatro-ninez" });
    expect(reslugged.json().data).toMatchObject({ name: "Teatro para niñas y niños", slug: "teatro-ninez" });
    // Its own slug again is not a conflict.
    expect((await rename(admin, tag._id, { slug: "teatro-ninez" })).statusCode).toBe(200);

    const taken = await rename(admin, tag._id, { slug: "musica-en-vivo" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(SLUG_TAKEN);
    const invalid = await rename(admin, tag._id, { name: "", orden: 1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual([
      { path: ["name"], message: "El nombre es obligatorio." },
      { path: ["orden"], message: "Este campo no está permitido." },
    ]);
    const missing = await rename(admin, "no-existe", { name: "Nada" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it("cuenta los eventos próximos y visibles de cada etiqueta; un evento la toma por su identificador", async () => {
    await create(admin, { name: "Jazz" });
    const upcoming = await createEvent(t, organizer, { title: "Jazz en el patio", tags: ["JAZZ"] });
    await createEvent(t, organizer, { title: "Jazz del mes pasado", tags: ["jazz"], startsAt: daysFromNow(-30), endsAt: daysFromNow(-30, 22) });
    const hidden = await createEvent(t, organizer, { title: "Jazz oculto", tags: ["jazz"] });
    await as(t, admin)({ method: "POST", url: `/api/events/${hidden}/moderate`, payload: { action: "hide", reason: "Duplicado" } });
    expect(await tagOf("jazz")).toMatchObject({ upcomingEventsCount: 1 });

    const event = (await as(t, null)({ url: `/api/events/${upcoming}` })).json().data;
    expect(event.tags).toEqual([{ _id: expect.any(String), name: "Jazz", slug: "jazz" }]);

    const unknown = await as(t, organizer)({ method: "POST", url: "/api/events", payload: { title: "Con etiqueta inventada", startsAt: daysFromNow(2), address: "Centro", tags: ["polka"] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: ["tags"], message: "La etiqueta «polka» no existe." }]);
    const tooMany = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: { title: "Con demasiadas", startsAt: daysFromNow(2), address: "Centro", tags: Array.from({ length: 9 }, (_, i) => `etiqueta-${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([{ path: ["tags"], message: "Un evento admite hasta 8 etiquetas." }]);
  });

  it("renombrar una etiqueta se ve en sus eventos; borrarla la quita de ellos sin borrarlos", async () => {
    const tag = (await create(admin, { name: "Poesía" })).json().data as { _id: string };
    await create(admin, { name: "Lectura" });
    const id = await createEvent(t, organizer, { title: "Recital de poesía", tags: ["poesia", "lectura"] });
    await rename(admin, tag._id, { name: "Poesía en voz alta" });
    const tagNames = async () => ((await as(t, null)({ url: `/api/events/${id}` })).json().data.tags as { name: string }[]).map((x) => x.name);
    expect((await tagNames()).sort()).toEqual(["Lectura", "Poesía en voz alta"]);

    const res = await remove(admin, tag._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: tag._id, deleted: true });
    expect(await tagNames()).toEqual(["Lectura"]);
    expect(await tagOf("poesia")).toBeUndefined();

    const again = await remove(admin, tag._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
    const reuse = await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { tags: ["poesia"] } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().issues).toEqual([{ path: ["tags"], message: "La etiqueta «poesia» no existe." }]);
  });
});
