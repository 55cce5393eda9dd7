import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";
import { isoDaysFromNow, newsIds, publishNews } from "./helpers";

// News lists (newest first, keyset pages, filters, /mine and /following), following a piece,
// admin moderation (hide, unhide, feature) and pieces scheduled for later.

const NOT_FOUND = { message: "Noticia no encontrada.", code: "NOT_FOUND" };

describe("listas de noticias", () => {
  let t: TestApp;
  let author: Person;
  let other: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t);
    other = await makePerson(t);
    admin = await makePerson(t, { accountType: "ADMIN" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("ordena de la más reciente a la más antigua por fecha de publicación, no de creación", async () => {
    const old = await publishNews(t, author, { title: "Hace una semana", publishedAt: isoDaysFromNow(-7) });
    const recent = await publishNews(t, author, { title: "De ayer", publishedAt: isoDaysFromNow(-1) });
    const middle = await publishNews(t, author, { title: "De hace tres días", publishedAt: isoDaysFromNow(-3) });
    expect(await newsIds(t, null, `/api/news?authorId=${author.uid}`)).toEqual([recent._id, middle._id, old._id]);
  });

  it("recorre todas las páginas con el cursor sin huecos ni repetidos (mismas fechas incluidas)", async () => {
    const writer = await makePerson(t);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const values = Array.from({ length: 9 }, (_, i) => `('pag-news-${i}', 'Nota ${i}', 'Texto', '${writer.uid}', '${i < 6 ? at : isoDaysFromNow(-2)}')`);
    await t.database.query(`INSERT INTO news (id, title, body, author_id, published_at) VALUES ${values.join(", ")}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/news?authorId=${writer.uid}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await as(t, null)({ url });
      expect(res.statusCode).toBe(200);
      const page = res.json().data as { items: { _id: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((n) => n._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // Same instant: the id breaks the tie, descending.
    expect(seen).toEqual(["pag-news-5", "pag-news-4", "pag-news-3", "pag-news-2", "pag-news-1", "pag-news-0", "pag-news-8", "pag-news-7", "pag-news-6"]);
  });

  it("rechaza cursor alterado, límite fuera de rango y parámetros desconocidos con 400 en español", async () => {
    const cursor = await as(t, null)({ url: "/api/news?cursor=esto-no-es-un-cursor" });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toBe("El cursor no es válido; vuelve a cargar la lista.");
    const tooMany = await as(t, null)({ url: "/api/news?limit=51" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([{ path: ["limit"], message: "El límite admite hasta 50." }]);
    const zero = await as(t, null)({ url: "/api/news?limit=0" });
    expect(zero.json().issues).toEqual([{ path: ["limit"], message: "El límite debe ser al menos 1." }]);
    const unknown = await as(t, null)({ url: "/api/news?orden=viejo" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: ["orden"], message: "Este campo no está permitido." }]);
  });

  it("sin límite da 20 por página", async () => {
    const writer = await makePerson(t);
    const values = Array.from({ length: 21 }, (_, i) => `('def-${i}', 'Nota ${i}', 'Texto', '${writer.uid}', now() - interval '${i + 1} minutes')`);
    await t.database.query(`INSERT INTO news (id, title, body, author_id, published_at) VALUES ${values.join(", ")}`);
    const res = await as(t, null)({ url: `/api/news?authorId=${writer.uid}` });
    expect(res.json().data.items).toHaveLength(20);
    expect(res.json().data.nextCursor).toEqual(expect.any(String));
  });

  it("filtra por comunidad, autor y destacadas", async () => {
    const communityId = await createCommunity(t, author, "Huerto urbano");
    const inCommunity = await publishNews(t, author, { title: "Cosecha de otoño", communityId });
    const alone = await publishNews(t, other, { title: "Nota suelta" });
    expect(await newsIds(t, null, `/api/news?communityId=${communityId}`)).toEqual([inCommunity._id]);
    expect(await newsIds(t, null, `/api/news?authorId=${other.uid}`)).toEqual([alone._id]);

    await as(t, admin)({ method: "POST", url: `/api/news/${alone._id}/moderate`, payload: { action: "feature" } });
    expect(await newsIds(t, null, "/api/news?featured=true&limit=50")).toEqual([alone._id]);
    const notFeatured = await newsIds(t, null, "/api/news?featured=false&limit=50");
    expect(notFeatured).toContain(inCommunity._id);
    expect(notFeatured).not.toContain(alone._id);
    const badFlag = await as(t, null)({ url: "/api/news?featured=si" });
    expect(badFlag.statusCode).toBe(400);
  });

  it("/news/mine pide sesión y lista lo propio, con programadas y ocultas", async () => {
    const writer = await makePerson(t);
    const shown = await publishNews(t, writer, { title: "Publicada" });
    const scheduled = await publishNews(t, writer, { title: "Programada", publishedAt: isoDaysFromNow(10) });
    const hidden = await publishNews(t, writer, { title: "Ocultada" });
    await as(t, admin)({ method: "POST", url: `/api/news/${hidden._id}/moderate`, payload: { action: "hide", reason: "Spam" } });
    await publishNews(t, other, { title: "De otra persona" });

    expect((await as(t, null)({ url: "/api/news/mine" })).statusCode).toBe(401);
    const mine = (await as(t, writer)({ url: "/api/news/mine" })).json().data.items as { _id: string; hidden: boolean; hiddenReason: string | null }[];
    expect(mine.map((n) => n._id)).toEqual([scheduled._id, hidden._id, shown._id]);
    expect(mine[1]).toMatchObject({ hidden: true, hiddenReason: "Spam" });
    expect(await newsIds(t, null, `/api/news?authorId=${writer.uid}`)).toEqual([shown._id]);
  });
});

describe("seguir noticias", () => {
  let t: TestApp;
  let author: Person;
  let reader: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t);
    reader = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("seguir y dejar de seguir es idempotente y cuenta seguidores; aparece en /news/following y en my-data", async () => {
    const item = await publishNews(t, author, { title: "Obras en la Alameda" });
    const follow = () => as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow` });
    expect((await follow()).json().data).toEqual({ following: true, followersCount: 1 });
    expect((await follow()).json().data).toEqual({ following: true, followersCount: 1 });
    expect((await as(t, author)({ method: "POST", url: `/api/news/${item._id}/follow` })).json().data).toEqual({ following: true, followersCount: 2 });

    expect((await as(t, reader)({ url: `/api/news/${item._id}` })).json().data).toMatchObject({ following: true, followersCount: 2 });
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).json().data).toMatchObject({ following: false, followersCount: 2 });
    expect(await newsIds(t, reader, "/api/news/following")).toEqual([item._id]);
    expect((await as(t, reader)({ url: "/api/users/my-data" })).json().data.following.news).toEqual([item._id]);

    const unfollow = () => as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow?unfollow=true` });
    expect((await unfollow()).json().data).toEqual({ following: false, followersCount: 1 });
    expect((await unfollow()).json().data).toEqual({ following: false, followersCount: 1 });
    expect(await newsIds(t, reader, "/api/news/following")).toEqual([]);
  });

  it("pide sesión, da 404 a una noticia inexistente y valida unfollow", async () => {
    const item = await publishNews(t, author);
    expect((await as(t, null)({ method: "POST", url: `/api/news/${item._id}/follow` })).statusCode).toBe(401);
    expect((await as(t, null)({ url: "/api/news/following" })).statusCode).toBe(401);
    const missing = await as(t, reader)({ method: "POST", url: "/api/news/no-existe/follow" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    const bad = await as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow?unfollow=quiza` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: ["unfollow"], message: "unfollow debe ser true o false." }]);
    const banned = await makePerson(t, { banned: true });
    expect((await as(t, banned)({ method: "POST", url: `/api/news/${item._id}/follow` })).statusCode).toBe(403);
  });
});

describe("moderación y noticias programadas", () => {
  let t: TestApp;
  let author: Person;
  let reader: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Autor" });
    reader = await makePerson(t);
    admin = await makePerson(t, { accountType: "ADMIN" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("ocultar exige motivo; la noticia oculta sale de listas y búsqueda y da 404 salvo a admins y a su autor", async () => {
    const item = await publishNews(t, author, { title: "Rifa sospechosa del barrio" });
    await as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow` });
    const noReason = await as(t, admin)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "hide" } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([{ path: ["reason"], message: "Indica el motivo para ocultar el contenido." }]);
    const badAction = await as(t, admin)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "borrar" } });
    expect(badAction.json().issues).toEqual([{ path: ["action"], message: "La acción debe ser hide, unhide, feature o unfeature." }]);

    const hide = await as(t, admin)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "hide", reason: "Posible fraude" } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toMatchObject({ _id: item._id, hidden: true, hiddenReason: "Posible fraude" });
    expect((await notificationsOf(t, author.uid))[0]).toMatchObject({
      kind: "content_hidden",
      title: "Tu noticia «Rifa sospechosa del barrio» fue ocultada",
      body: "La moderación lo ocultó. Motivo: Posible fraude",
      link: `/news/${item._id}`,
    });

    for (const who of [null, reader]) {
      expect(await newsIds(t, who, "/api/news?limit=50")).not.toContain(item._id);
      const res = await as(t, who)({ url: `/api/news/${item._id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await newsIds(t, reader, "/api/news/following")).toEqual([]);
    expect((await as(t, null)({ url: "/api/search?q=sospechosa" })).json().data.news).toEqual([]);
    expect((await as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow` })).statusCode).toBe(404);
    // Unfollowing a hidden piece is always possible.
    expect((await as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow?unfollow=true` })).statusCode).toBe(200);

    expect((await as(t, author)({ url: `/api/news/${item._id}` })).json().data).toMatchObject({ hidden: true, hiddenReason: "Posible fraude", canEdit: true });
    expect((await as(t, admin)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);
    expect(await newsIds(t, admin, "/api/news?visibility=hidden&limit=50")).toEqual([item._id]);
    expect(await newsIds(t, admin, "/api/news?visibility=all&limit=50")).toContain(item._id);
    const refused = await as(t, reader)({ url: "/api/news?visibility=hidden" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Solo la administración puede ver contenido oculto.", code: "FORBIDDEN" });

    const unhide = await as(t, admin)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "unhide" } });
    expect(unhide.json().data).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await as(t, null)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);
    expect(await newsIds(t, null, "/api/news?limit=50")).toContain(item._id);

    const log = await t.database.query<{ action: string; reason: string | null }>(
      "SELECT action, reason FROM content_moderation_log WHERE target_kind = 'news' AND target_id = $1 ORDER BY created_at, id",
      [item._id],
    );
    expect(log).toEqual([
      { action: "hide", reason: "Posible fraude" },
      { action: "unhide", reason: null },
    ]);
  });

  it("solo la administración modera (ADMIN y MASTER); el autor no; 404 a una noticia inexistente", async () => {
    const item = await publishNews(t, author);
    const master = await makePerson(t, { accountType: "MASTER" });
    expect((await as(t, null)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "feature" } })).statusCode).toBe(401);
    const byAuthor = await as(t, author)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "feature" } });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toEqual({ message: "No tienes permiso para hacer esto.", code: "FORBIDDEN" });
    const featured = await as(t, master)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "feature" } });
    expect(featured.json().data.featured).toBe(true);
    const unfeatured = await as(t, admin)({ method: "POST", url: `/api/news/${item._id}/moderate`, payload: { action: "unfeature" } });
    expect(unfeatured.json().data.featured).toBe(false);
    const missing = await as(t, admin)({ method: "POST", url: "/api/news/no-existe/moderate", payload: { action: "feature" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it("una noticia programada solo la ven sus editores hasta su fecha; luego aparece en las listas", async () => {
    const item = await publishNews(t, author, { title: "Convocatoria de murales", publishedAt: isoDaysFromNow(5) });
    expect(item.canEdit).toBe(true);
    expect(await newsIds(t, null, "/api/news?limit=50")).not.toContain(item._id);
    expect((await as(t, null)({ url: "/api/search?q=murales" })).json().data.news).toEqual([]);
    for (const who of [null, reader]) {
      const res = await as(t, who)({ url: `/api/news/${item._id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await as(t, author)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);
    expect((await as(t, admin)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);

    // Moving the date to the past publishes it.
    const now = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { publishedAt: isoDaysFromNow(-0.01) } });
    expect(now.statusCode).toBe(200);
    expect((await as(t, reader)({ url: `/api/news/${item._id}` })).statusCode).toBe(200);
    expect(await newsIds(t, null, "/api/news?limit=50")).toContain(item._id);
  });

  it("una noticia programada no existe para otra persona tampoco al seguirla", async () => {
    // docs/authorization-content.md: "News may be scheduled up to a year ahead; until then only
    // its editors see it", and a hidden item answers 404 to everyone else, on every call.
    const item = await publishNews(t, author, { title: "Sorpresa de fin de año", publishedAt: isoDaysFromNow(20) });
    const follow = await as(t, reader)({ method: "POST", url: `/api/news/${item._id}/follow` });
    expect(follow.statusCode).toBe(404);
    expect(follow.json()).toEqual(NOT_FOUND);
    expect((await as(t, reader)({ url: "/api/users/my-data" })).json().data.following.news).toEqual([]);
  });

  it("una noticia programada no existe para otra persona tampoco al quitarle la portada (404 como al editarla)", async () => {
    const item = await publishNews(t, author, { title: "Programa de verano", publishedAt: isoDaysFromNow(20) });
    const edit = await as(t, reader)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Cambiada" } });
    expect(edit.json()).toEqual(NOT_FOUND);
    const image = await as(t, reader)({ method: "DELETE", url: `/api/news/${item._id}/image` });
    expect(image.statusCode).toBe(404);
    expect(image.json()).toEqual(NOT_FOUND);
  });
});
