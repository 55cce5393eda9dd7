import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, openSecondHandle, type TestApp } from "../../../test/harness";
import { as, createCommunity, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";
import { announceDueNews } from "../announcements";
import { isoDaysFromNow, publishNews } from "./helpers";

// Who is told that a piece of news is out, and when: followers of its author and of its
// community, once, when it goes live: at once when published now, at its time when scheduled
// (never when written or edited while scheduled), and exactly once with two API instances.

describe("noticias: avisos de publicación", () => {
  let t: TestApp;
  let author: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Marta Reportera" });
  });
  afterAll(async () => {
    await t.close();
  });

  const followPerson = (who: Person, target: Person) => as(t, who)({ method: "POST", url: `/api/users/follow/${target.uid}/user` });
  const newsNotices = async (who: Person) => (await notificationsOf(t, who.uid)).filter((n) => n.kind === "news_published");
  /** The scheduled piece's time has come (the clock cannot be moved: its date is). */
  const bringForward = (id: string) => t.database.query("UPDATE news SET published_at = now() - interval '1 second' WHERE id = $1", [id]);

  it("avisa a quien sigue a la autora cuando publica, no a la autora ni a quien no la sigue", async () => {
    const follower = await makePerson(t);
    const stranger = await makePerson(t);
    expect((await followPerson(follower, author)).statusCode).toBe(200);
    const item = await publishNews(t, author, { title: "Reabre el mercado", summary: "Con 40 puestos." });
    expect(await newsNotices(follower)).toEqual([
      { kind: "news_published", title: "Marta Reportera publicó una noticia", body: "Reabre el mercado: Con 40 puestos.", link: `/news/${item._id}` },
    ]);
    expect(await newsNotices(author)).toEqual([]);
    expect(await newsNotices(stranger)).toEqual([]);
  });

  it("quien sigue a la autora y a la comunidad recibe un solo aviso, el de la comunidad", async () => {
    const community = await createCommunity(t, author, "Vecinos del Centro");
    const both = await makePerson(t);
    await followPerson(both, author);
    await as(t, both)({ method: "POST", url: `/api/communities/${community}/follow` });
    await publishNews(t, author, { title: "Junta vecinal", communityId: community });
    expect(await newsNotices(both)).toEqual([expect.objectContaining({ title: "Noticia de Vecinos del Centro", body: "Junta vecinal" })]);
  });

  it("una programada avisa cuando sale, no al escribirla ni al editarla; una sola vez", async () => {
    const follower = await makePerson(t);
    await followPerson(follower, author);
    const item = await publishNews(t, author, { title: "Festival de otoño", publishedAt: isoDaysFromNow(2) });
    expect(await newsNotices(follower)).toEqual([]);

    const edit = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { title: "Festival de otoño (sede nueva)" } });
    expect(edit.statusCode).toBe(200);
    expect(await announceDueNews(t.database)).toBe(0);
    expect(await newsNotices(follower)).toEqual([]);

    await bringForward(item._id);
    expect(await announceDueNews(t.database)).toBe(1);
    expect(await newsNotices(follower)).toEqual([
      expect.objectContaining({ title: "Marta Reportera publicó una noticia", body: "Festival de otoño (sede nueva)", link: `/news/${item._id}` }),
    ]);
    // Later runs and later edits do not tell anyone again.
    expect(await announceDueNews(t.database)).toBe(0);
    await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { summary: "Ahora con horario." } });
    expect(await newsNotices(follower)).toHaveLength(1);
  });

  it("adelantar una programada a ahora la anuncia en la siguiente pasada del temporizador", async () => {
    const follower = await makePerson(t);
    await followPerson(follower, author);
    const item = await publishNews(t, author, { title: "Cambio de planes", publishedAt: isoDaysFromNow(5) });
    const now = await as(t, author)({ method: "PUT", url: `/api/news/${item._id}`, payload: { publishedAt: new Date().toISOString() } });
    expect(now.statusCode).toBe(200);
    await announceDueNews(t.database);
    expect(await newsNotices(follower)).toEqual([expect.objectContaining({ body: "Cambio de planes", link: `/news/${item._id}` })]);
  });

  it("una programada oculta por moderación sale sin aviso", async () => {
    const follower = await makePerson(t);
    await followPerson(follower, author);
    const item = await publishNews(t, author, { title: "Retirada", publishedAt: isoDaysFromNow(1) });
    await t.database.query("UPDATE news SET hidden = true, hidden_reason = 'Spam' WHERE id = $1", [item._id]);
    await bringForward(item._id);
    await announceDueNews(t.database);
    expect(await newsNotices(follower)).toEqual([]);
  });

  it("con dos instancias a la vez cada noticia se anuncia exactamente una vez", async () => {
    const followers = await Promise.all([makePerson(t), makePerson(t), makePerson(t)]);
    for (const f of followers) await followPerson(f, author);
    const items = [];
    for (let i = 1; i <= 3; i++) items.push(await publishNews(t, author, { title: `Programada ${i}`, publishedAt: isoDaysFromNow(1) }));
    for (const item of items) await bringForward(item._id);

    const second = await openSecondHandle(t.database);
    try {
      const claimed = await Promise.all([announceDueNews(t.database), announceDueNews(second), announceDueNews(t.database), announceDueNews(second)]);
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      await second.close();
    }
    for (const f of followers) {
      const titles = (await newsNotices(f)).map((n) => n.body).sort();
      expect(titles).toEqual(["Programada 1", "Programada 2", "Programada 3"]);
    }
  });
});
