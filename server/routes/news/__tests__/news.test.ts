import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { newsSchema } from "../../../../lib/schemas/news";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody } from "../../../test/multipart";
import { as, createCommunity, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";
import { isoDaysFromNow, publishNews } from "./helpers";

// Publishing, reading, editing and deleting news: who may do each, the Spanish messages of
// every refusal, community pieces, idempotent creates, the daily quota and the cover image.

const NOT_FOUND = { message: "Noticia no encontrada.", code: "NOT_FOUND" };
const CANNOT_EDIT = "Solo quien la publicó, los responsables de su comunidad o la administración pueden cambiarla.";

function issuesByPath(body: { issues: { path: (string | number)[]; message: string }[] }): Record<string, string> {
  return Object.fromEntries(body.issues.map((i) => [i.path.join("."), i.message]));
}

describe("noticias: publicar y leer", () => {
  let t: TestApp;
  let author: Person;
  let stranger: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Redacción Centro" });
    stranger = await makePerson(t, { name: "Lectora" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("publica una noticia sin comunidad y la muestra con su autor y campos del lector", async () => {
    const before = Date.now();
    const res = await as(t, author)({
      method: "POST",
      url: "/api/news",
      payload: { title: "  Reabre la Biblioteca Central  ", summary: "Con nuevo horario.", body: "Desde el lunes abre de 9 a 20 h." },
    });
    expect(res.statusCode).toBe(201);
    const item = newsSchema.parse(res.json().data);
    expect(item).toMatchObject({
      title: "Reabre la Biblioteca Central",
      summary: "Con nuevo horario.",
      body: "Desde el lunes abre de 9 a 20 h.",
      coverImage: null,
      author: { _id: author.uid, name: "Redacción Centro", verified: true },
      community: null,
      featured: false,
      hidden: false,
      hiddenReason: null,
      followersCount: 0,
      following: false,
      canEdit: true,
    });
    expect(Date.parse(item.publishedAt)).toBeGreaterThanOrEqual(before - 1000);

    const anonymous = await as(t, null)({ url: `/api/news/${item._id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ _id: item._id, canEdit: false, following: false });
    const other = await as(t, stranger)({ url: `/api/news/${item._id}` });
    expect(other.json().data.canEdit).toBe(false);
  });

  it("un resumen vacío se guarda como cadena vacía", async () => {
    const item = await publishNews(t, author, { summary: "" });
    expect(item.summary).toBe("");
  });

  it("responde 404 en español a una noticia que no existe", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "no-existe"]) {
      const res = await as(t, null)({ url: `/api/news/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it("responde 400 con mensajes en español a una noticia inválida", async () => {
    const res = await as(t, author)({
      method: "POST",
      url: "/api/news",
      payload: { title: "ab", summary: "x".repeat(401), publishedAt: "mañana", autor: "yo" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Los datos enviados no son válidos.", code: "VALIDATION_ERROR" });
    expect(issuesByPath(res.json())).toEqual({
      title: "El título debe tener al menos 3 caracteres.",
      summary: "El resumen admite hasta 400 caracteres.",
      body: "El texto es obligatorio.",
      publishedAt: "La fecha de publicación no es válida; usa el formato ISO 8601.",
      autor: "Este campo no está permitido.",
    });

    const long = await as(t, author)({ method: "POST", url: "/api/news", payload: { title: "t".repeat(161), body: "   " } });
    expect(long.statusCode).toBe(400);
    expect(issuesByPath(long.json())).toEqual({ title: "El título admite hasta 160 caracteres.", body: "El texto es obligatorio." });

    const tooFar = await as(t, author)({ method: "POST", url: "/api/news", payload: { title: "Muy adelantada", body: "Texto.", publishedAt: isoDaysFromNow(400) } });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().issues).toEqual([{ path: ["publishedAt"], message: "Se puede programar hasta con un año de anticipación." }]);

    const noCommunity = await as(t, author)({ method: "POST", url: "/api/news", payload: { title: "Sin comunidad real", body: "Texto.", communityId: "no-existe" } });
    expect(noCommunity.statusCode).toBe(400);
    expect(noCommunity.json().issues).toEqual([{ path: ["communityId"], message: "La comunidad no existe." }]);

    const rows = await t.database.query("SELECT 1 FROM news WHERE title IN ('Muy adelantada', 'Sin comunidad real')");
    expect(rows).toEqual([]);
  });

  it("pide sesión y registro, y no deja publicar a una cuenta suspendida", async () => {
    const payload = { title: "Sin permiso", body: "Texto." };
    const anonymous = await as(t, null)({ method: "POST", url: "/api/news", payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: "Necesitas iniciar sesión.", code: "UNAUTHENTICATED" });
    const banned = await makePerson(t, { banned: true });
    const refused = await as(t, banned)({ method: "POST", url: "/api/news", payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toEqual(expect.any(String));
    expect(await t.database.query("SELECT 1 FROM news WHERE title = 'Sin permiso'")).toEqual([]);
  });

  it("una cuenta sin verificar publica hasta 3 noticias al día; la cuarta es 429", async () => {
    const newcomer = await makePerson(t, { verified: false });
    for (let i = 1; i <= 3; i++) await publishNews(t, newcomer, { title: `Aviso vecinal ${i}` });
    const fourth = await as(t, newcomer)({ method: "POST", url: "/api/news", payload: { title: "Aviso vecinal 4", body: "Texto." } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      message: "Las cuentas sin verificar pueden publicar hasta 3 noticias al día. Solicita la verificación de tu cuenta para publicar sin este límite.",
      code: "RATE_LIMITED",
    });
    // Verified accounts have no quota.
    for (let i = 1; i <= 4; i++) await publishNews(t, author, { title: `Boletín ${i}` });
  });

  it("con Idempotency-Key una repetición devuelve la misma noticia (200) sin crear otra ni avisar dos veces", async () => {
    const communityId = await createCommunity(t, author, "Vecinos de Landín");
    const follower = await makePerson(t);
    await as(t, follower)({ method: "POST", url: `/api/communities/${communityId}/follow` });
    const send = () =>
      as(t, author)({
        method: "POST",
        url: "/api/news",
        headers: { "idempotency-key": "noticia-offline-0001" },
        payload: { title: "Limpieza del parque", body: "El domingo a las 8.", communityId },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await t.database.query("SELECT id FROM news WHERE title = 'Limpieza del parque'")).toHaveLength(1);
    expect((await notificationsOf(t, follower.uid)).filter((n) => n.kind === "news_published")).toHaveLength(1);

    const badKey = await as(t, author)({ method: "POST", url: "/api/news", headers: { "idempotency-key": "corta" }, payload: { title: "Clave corta", body: "x" } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().issues).toEqual([{ path: ["headers", "idempotency-key"], message: "La clave de idempotencia debe tener entre 8 y 128 caracteres." }]);
  });
});

describe("noticias: editar y borrar", () => {
  let t: TestApp;
  let author: Person;
  let stranger: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Autora" });
    stranger = await makePerson(t, { name: "Otra persona" });
    admin = await makePerson(t, { name: "Moderación", accountType: "ADMIN" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("quien la publicó la edita; cambia solo lo enviado y updatedAt avanza", async () => {
    const item = await publishNews(t, author, { title: "Festival de otoño", summary: "Tres días.", body: "Programa completo." });
    const res = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Festival de otoño 2026" } });
    expect(res.statusCode).toBe(200);
    const updated = newsSchema.parse(res.json().data);
    expect(updated).toMatchObject({ title: "Festival de otoño 2026", summary: "Tres días.", body: "Programa completo.", publishedAt: item.publishedAt });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(item.updatedAt));

    const cleared = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { summary: null } });
    expect(cleared.json().data.summary).toBe("");
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).json().data.title).toBe("Festival de otoño 2026");
  });

  it("otra persona no la edita (403 en español); la administración sí", async () => {
    const item = await publishNews(t, author, { title: "Corte de agua" });
    const denied = await as(t, stranger)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Cambiada por otra" } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: CANNOT_EDIT, code: "FORBIDDEN" });
    expect((await as(t, null)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Anónima" } })).statusCode).toBe(401);

    const byAdmin = await as(t, admin)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Corte de agua (actualizado)" } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ title: "Corte de agua (actualizado)", canEdit: true, author: { _id: author.uid } });
  });

  it("valida la edición: campos de más, título corto, id inexistente", async () => {
    const item = await publishNews(t, author);
    const bad = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "x", author: "otra" } });
    expect(bad.statusCode).toBe(400);
    expect(issuesByPath(bad.json())).toEqual({ title: "El título debe tener al menos 3 caracteres.", author: "Este campo no está permitido." });
    const tooFar = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { publishedAt: isoDaysFromNow(366) } });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().issues).toEqual([{ path: ["publishedAt"], message: "Se puede programar hasta con un año de anticipación." }]);
    const missing = await as(t, author)({ method: "PUT", url: "/api/news/no-existe", payload: { title: "Nada" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it("quien la publicó la borra sin motivo; luego es 404 y sus seguidores se van con ella", async () => {
    const item = await publishNews(t, author, { title: "Se borrará" });
    await as(t, stranger)({ method: "POST", url: `/api/news/${item._id}/follow` });
    const denied = await as(t, stranger)({ method: "DELETE", url: `/api/news/${item._id}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(CANNOT_EDIT);

    const res = await as(t, author)({ method: "DELETE", url: `/api/news/${item._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: item._id, deleted: true });
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).json()).toEqual(NOT_FOUND);
    expect(await t.database.query("SELECT 1 FROM follows WHERE target_kind = 'news' AND target_id = $1", [item._id])).toEqual([]);
    const me = await as(t, stranger)({ url: "/api/users/my-data" });
    expect(me.json().data.following.news).toEqual([]);
    const twice = await as(t, author)({ method: "DELETE", url: `/api/news/${item._id}` });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual(NOT_FOUND);
  });

  it("la administración borra lo de otra persona solo con motivo, lo registra y avisa a la autora", async () => {
    const item = await publishNews(t, author, { title: "Noticia engañosa" });
    const noReason = await as(t, admin)({ method: "DELETE", url: `/api/news/${item._id}` });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({
      message: "Indica el motivo del borrado (?reason=).",
      code: "VALIDATION_ERROR",
      issues: [{ path: ["querystring", "reason"], message: "Indica el motivo del borrado." }],
    });
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);

    const res = await as(t, admin)({ method: "DELETE", url: `/api/news/${item._id}?reason=${encodeURIComponent("Información falsa")}` });
    expect(res.statusCode).toBe(200);
    expect((await notificationsOf(t, author.uid))[0]).toMatchObject({
      kind: "content_deleted",
      title: "Tu noticia «Noticia engañosa» fue borrada",
      body: "La moderación lo borró. Motivo: Información falsa",
    });
    const log = await t.database.query("SELECT admin_id, action, reason FROM content_moderation_log WHERE target_kind = 'news' AND target_id = $1", [item._id]);
    expect(log).toEqual([{ admin_id: admin.uid, action: "delete", reason: "Información falsa" }]);
  });

  it("cambia la portada por el pipeline de imágenes, solo quien puede editar", async () => {
    const item = await publishNews(t, author, { title: "Con portada" });
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    const upload = (who: Person | null, data: Buffer) => {
      const form = multipartBody({}, [{ field: "file", filename: "portada.png", contentType: "image/png", data }]);
      return as(t, who)({ method: "PUT", url: `/api/news/${item._id}/image`, headers: { "content-type": form.contentType }, payload: form.body });
    };
    expect((await upload(null, png)).statusCode).toBe(401);
    expect((await upload(stranger, png)).statusCode).toBe(403);

    const res = await upload(author, png);
    expect(res.statusCode).toBe(200);
    const url = newsSchema.parse(res.json().data).coverImage!;
    expect(url).toMatch(/\/960\.webp$/);
    expect((await t.request({ url: new URL(url, "http://x").pathname })).statusCode).toBe(200);
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).json().data.coverImage).toBe(url);

    expect((await upload(author, Buffer.from("no soy una imagen"))).statusCode).toBe(415);
    const removed = await as(t, admin)({ method: "DELETE", url: `/api/news/${item._id}/image` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.coverImage).toBeNull();
    const missing = await as(t, author)({ method: "DELETE", url: "/api/news/no-existe/image" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });
});

describe("noticias de una comunidad", () => {
  let t: TestApp;
  let owner: Person;
  let communityAdmin: Person;
  let member: Person;
  let outsider: Person;
  let communityId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await makePerson(t, { name: "Dueña" });
    communityAdmin = await makePerson(t, { name: "Coordinador" });
    member = await makePerson(t, { name: "Miembro" });
    outsider = await makePerson(t, { name: "De fuera" });
    communityId = await createCommunity(t, owner, "Cineclub Saltillo");
    for (const [who, role] of [
      [communityAdmin, "admin"],
      [member, "member"],
    ] as const) {
      const added = await as(t, owner)({ method: "POST", url: `/api/communities/${communityId}/members`, payload: { userId: who.uid, role } });
      if (added.statusCode !== 201) throw new Error(added.body);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("solo sus miembros publican en ella (403 en español para quien es de fuera)", async () => {
    const item = await publishNews(t, member, { title: "Función del viernes", communityId });
    expect(item.community).toEqual({ _id: communityId, name: "Cineclub Saltillo", image: null });
    const refused = await as(t, outsider)({ method: "POST", url: "/api/news", payload: { title: "Me cuelo", body: "x", communityId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Solo los miembros de la comunidad pueden publicar en ella.", code: "FORBIDDEN" });
    // A site admin publishes in any community.
    const admin = await makePerson(t, { accountType: "ADMIN" });
    expect((await publishNews(t, admin, { title: "Aviso de la administración", communityId })).community?._id).toBe(communityId);
  });

  it("propietarios y administradores de la comunidad editan lo de un miembro; otro miembro no", async () => {
    const item = await publishNews(t, member, { title: "Ciclo de cine mexicano", communityId });
    const otherMember = await makePerson(t);
    await as(t, otherMember)({ method: "POST", url: `/api/communities/${communityId}/join` });

    expect((await as(t, owner)({ url: `/api/news/${item._id}` })).json().data.canEdit).toBe(true);
    expect((await as(t, communityAdmin)({ url: `/api/news/${item._id}` })).json().data.canEdit).toBe(true);
    expect((await as(t, otherMember)({ url: `/api/news/${item._id}` })).json().data.canEdit).toBe(false);

    const byOwner = await as(t, owner)({ method: "PUT", url: `/api/news/${item._id}`, payload: { summary: "Cada jueves." } });
    expect(byOwner.statusCode).toBe(200);
    const byAdmin = await as(t, communityAdmin)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Ciclo de cine mexicano clásico" } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ title: "Ciclo de cine mexicano clásico", summary: "Cada jueves." });
    const byMember = await as(t, otherMember)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Otro título" } });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(CANNOT_EDIT);

    const removed = await as(t, communityAdmin)({ method: "DELETE", url: `/api/news/${item._id}` });
    expect(removed.statusCode).toBe(200);
  });

  it("mover una noticia a una comunidad exige ser miembro de ella; sacarla (null) no", async () => {
    const item = await publishNews(t, outsider, { title: "Reseña independiente" });
    const refused = await as(t, outsider)({ method: "PUT", url: `/api/news/${item._id}`, payload: { communityId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Solo los miembros de la comunidad pueden publicar en ella.");

    const mine = await publishNews(t, member, { title: "Reseña del club", communityId });
    const out = await as(t, member)({ method: "PUT", url: `/api/news/${mine._id}`, payload: { communityId: null } });
    expect(out.statusCode).toBe(200);
    expect(out.json().data.community).toBeNull();
    const missing = await as(t, member)({ method: "PUT", url: `/api/news/${mine._id}`, payload: { communityId: "no-existe" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: ["communityId"], message: "La comunidad no existe." }]);
  });

  it("avisa a quien sigue la comunidad (no a quien publica); una programada no avisa", async () => {
    const follower = await makePerson(t);
    await as(t, follower)({ method: "POST", url: `/api/communities/${communityId}/follow` });
    await as(t, member)({ method: "POST", url: `/api/communities/${communityId}/follow` });
    const item = await publishNews(t, member, { title: "Estreno en el club", summary: "Entrada libre.", communityId });
    expect((await notificationsOf(t, follower.uid))[0]).toMatchObject({
      kind: "news_published",
      title: "Noticia de Cineclub Saltillo",
      body: "Estreno en el club: Entrada libre.",
      link: `/news/${item._id}`,
    });
    expect((await notificationsOf(t, member.uid)).filter((n) => n.kind === "news_published")).toEqual([]);

    const before = (await notificationsOf(t, follower.uid)).length;
    await publishNews(t, member, { title: "Sin resumen", communityId });
    expect((await notificationsOf(t, follower.uid))[0]).toMatchObject({ body: "Sin resumen" });
    await publishNews(t, member, { title: "Para el mes que entra", communityId, publishedAt: isoDaysFromNow(30) });
    expect(await notificationsOf(t, follower.uid)).toHaveLength(before + 1);
  });

  it("si se borra la comunidad, sus noticias quedan sin comunidad", async () => {
    const otherId = await createCommunity(t, owner, "Club efímero");
    const item = await publishNews(t, owner, { title: "Última reunión", communityId: otherId });
    expect((await as(t, owner)({ method: "DELETE", url: `/api/communities/${otherId}` })).statusCode).toBe(200);
    const res = await as(t, null)({ url: `/api/news/${item._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.community).toBeNull();
  });
});
