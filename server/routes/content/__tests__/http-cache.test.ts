import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { eventListItemSchema } from "../../../../lib/schemas/events";
import { pageSchema } from "../../../../lib/schemas/pagination";
import { createTestApp, openLateSecondHandle, type LateSecondHandle, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, makePerson, type Person } from "./helpers";

// What a browser, a CDN or a second API instance notices of the anonymous-read caching
// (server/plugins/http-cache.ts): conditional requests, public caching only for signed-out reads,
// and a changed answer right after an edit, on this instance and on another.

const eventPage = pageSchema(eventListItemSchema);

describe("caché HTTP de las lecturas anónimas", () => {
  let t: TestApp;
  let other: TestApp;
  let organizer: Person;
  let reader: Person;
  let eventId: string;
  let late: LateSecondHandle;

  beforeAll(async () => {
    t = await createTestApp();
    // A second API process on the same database (on PGlite, the same handle, as in production),
    // which hears of changes late, as on a busy machine.
    late = await openLateSecondHandle(t.database);
    other = await createTestApp({ database: late.database });
    organizer = await makePerson(t);
    reader = await makePerson(t);
    eventId = await createEvent(t, organizer, { title: "Noche de jazz" });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("una lista anónima lleva ETag y caché pública corta; con If-None-Match responde 304 sin cuerpo", async () => {
    const first = await as(t, null)({ url: "/api/events?limit=5" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    // The answer is still the contract's page, with exactly a list item's fields.
    const page = eventPage.parse(first.json().data);
    expect(page.items.map((e) => e._id)).toContain(eventId);
    expect(Object.keys(first.json().data.items[0]).sort()).toEqual(Object.keys(eventListItemSchema.shape).sort());

    const again = await as(t, null)({ url: "/api/events?limit=5", headers: { "if-none-match": etag! } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    const item = await as(t, null)({ url: `/api/events/${eventId}` });
    expect(item.statusCode).toBe(200);
    expect(item.headers["cache-control"]).toMatch(/^public, /);
    const itemAgain = await as(t, null)({ url: `/api/events/${eventId}`, headers: { "if-none-match": item.headers.etag! } });
    expect(itemAgain.statusCode).toBe(304);
  });

  it("un HEAD anónimo responde como el GET y de lo guardado: el mismo ETag, caché pública y tamaño, sin cuerpo", async () => {
    const url = `/api/events/${eventId}`;
    const get = await as(t, null)({ url });
    const likeTheGet = (head: LightMyRequestResponse) => {
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.headers["cache-control"]).toBe(get.headers["cache-control"]);
      expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(get.body)));
      expect(head.rawPayload.length).toBe(0);
    };
    // Revalidating with HEAD saves no body: it is answered 200, also by an instance that has
    // nothing kept for it yet and builds the answer.
    likeTheGet(await other.app.inject({ method: "HEAD", url, headers: { "if-none-match": get.headers.etag! } }));
    // Changed behind the API's back: an answer read again would carry another ETag.
    await t.database.query("UPDATE events SET title = title || '.' WHERE id = $1", [eventId]);
    try {
      likeTheGet(await t.app.inject({ method: "HEAD", url }));
      likeTheGet(await t.app.inject({ method: "HEAD", url, headers: { "if-none-match": get.headers.etag! } }));
    } finally {
      await t.database.query("UPDATE events SET title = left(title, -1) WHERE id = $1", [eventId]);
    }
  });

  it("tras una edición la lista responde 200 con otro ETag y el dato nuevo, en esta instancia y en otra", async () => {
    const here = await as(t, null)({ url: "/api/events?limit=5" });
    const there = await as(other, null)({ url: "/api/events?limit=5" });
    expect(there.headers.etag).toBe(here.headers.etag);

    const edit = await as(t, organizer)({ method: "PUT", url: `/api/events/${eventId}`, payload: { title: "Noche de jazz y blues" } });
    expect(edit.statusCode).toBe(200);

    const titleIn = (res: { json(): { data: { items: { _id: string; title: string }[] } } }) =>
      res.json().data.items.find((e) => e._id === eventId)?.title;
    const afterHere = await as(t, null)({ url: "/api/events?limit=5", headers: { "if-none-match": here.headers.etag! } });
    expect(afterHere.statusCode).toBe(200);
    expect(afterHere.headers.etag).not.toBe(here.headers.etag);
    expect(titleIn(afterHere)).toBe("Noche de jazz y blues");

    // The other instance hears of the change through the database (LISTEN/NOTIFY), not by a timer.
    await late.caughtUp();
    const afterThere = await as(other, null)({ url: "/api/events?limit=5", headers: { "if-none-match": there.headers.etag! } });
    expect(afterThere.statusCode).toBe(200);
    expect(titleIn(afterThere)).toBe("Noche de jazz y blues");
  });

  it("lo que se pide con sesión nunca es público, y lo que sigue quien lee sale en su respuesta", async () => {
    // Warm the anonymous answers first.
    expect((await as(t, null)({ url: `/api/events/${eventId}` })).json().data.following).toBe(false);
    const anonymous = await as(t, null)({ url: "/api/events?limit=5" });

    const follow = await as(t, reader)({ method: "POST", url: `/api/events/${eventId}/follow` });
    expect(follow.statusCode).toBe(200);

    for (const url of ["/api/events?limit=5", `/api/events/${eventId}`, "/api/events/for-you", "/api/users/my-data"]) {
      const res = await as(t, reader)({ url, headers: { "if-none-match": anonymous.headers.etag! } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers.etag).toBeUndefined();
    }
    const mine = await as(t, reader)({ url: `/api/events/${eventId}` });
    expect(mine.json().data).toMatchObject({ following: true, followersCount: 1 });
    // The follow changed the count everyone sees.
    expect((await as(t, null)({ url: `/api/events/${eventId}` })).json().data).toMatchObject({ following: false, followersCount: 1 });
  });

  it("una lista guardada sale comprimida como la acepta cada navegador y, tras una edición, trae el dato nuevo en esta instancia y en otra", async () => {
    // Enough events for the page to pass the compression threshold (1 KB).
    const edited = await createEvent(t, organizer, { title: "Taller de grabado" });
    for (const title of ["Lectura en voz alta", "Cine al aire libre", "Feria del libro"]) await createEvent(t, organizer, { title });
    const url = "/api/events?limit=10";
    const read = (app: FastifyInstance, acceptEncoding?: string) =>
      app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
    const decoded = (res: LightMyRequestResponse) => {
      const encoding = res.headers["content-encoding"];
      const raw = encoding === "br" ? zlib.brotliDecompressSync(res.rawPayload) : encoding === "gzip" ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
      return JSON.parse(raw.toString());
    };
    const titleOf = (res: LightMyRequestResponse) => (decoded(res).data.items as { _id: string; title: string }[]).find((e) => e._id === edited)?.title;

    const plain = await read(t.app);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    // A shared cache must keep the compressed and the plain answers apart.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const browsers: [string, string | undefined][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
    ];
    for (const [acceptEncoding, sent] of browsers) {
      // The second answer comes from what was kept, compressed the first time.
      for (let i = 0; i < 2; i++) {
        const res = await read(t.app, acceptEncoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(sent);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(decoded(res)).toEqual(plain.json());
        if (sent !== undefined) expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      }
    }
    // A client that asks for none with `x-no-compression` (as @fastify/compress reads it) gets the
    // kept answer plain, although its Accept-Encoding takes Brotli and a Brotli copy is kept.
    const unasked = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br, zstd", "x-no-compression": "1" } });
    expect(unasked.headers["content-encoding"]).toBeUndefined();
    expect(unasked.json()).toEqual(plain.json());
    // Revalidating costs a browser that accepts Brotli no body at all, compressed or not.
    const notModified = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br, zstd", "if-none-match": plain.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
    const thereBefore = await read(other.app, "gzip, deflate, br, zstd");
    expect(titleOf(thereBefore)).toBe("Taller de grabado");

    const edit = await as(t, organizer)({ method: "PUT", url: `/api/events/${edited}`, payload: { title: "Taller de grabado en linóleo" } });
    expect(edit.statusCode).toBe(200);
    for (const acceptEncoding of ["gzip, deflate, br, zstd", "gzip"]) {
      const res = await read(t.app, acceptEncoding);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      expect(titleOf(res)).toBe("Taller de grabado en linóleo");
    }
    // The other instance hears of the change through the database (LISTEN/NOTIFY).
    await late.caughtUp();
    const there = await read(other.app, "gzip, deflate, br, zstd");
    expect(there.headers["content-encoding"]).toBe("br");
    expect(titleOf(there)).toBe("Taller de grabado en linóleo");
  });

  it("con sesión, quien no sigue ni edita nada de la lista recibe la de todos, sin caché pública; al seguir un evento ve su marca al instante", async () => {
    // A page nobody asked for yet: the first signed-in read keeps it for everyone, the next ones send it.
    const url = "/api/events?limit=9";
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const someone = await makePerson(t);
    const read = (who: Person | null, path = url) => t.app.inject({ method: "GET", url: path, headers: { ...(who ? who.headers : {}), ...browser } });
    const decoded = (res: LightMyRequestResponse) => JSON.parse((res.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload).toString());
    const first = await read(someone);
    const everyone = await read(null);
    expect(everyone.headers["cache-control"]).toMatch(/^public, /);
    for (const mine of [first, await read(someone)]) {
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["content-encoding"]).toBe("br");
      expect(mine.headers["cache-control"]).toBe("no-store");
      expect(mine.headers.etag).toBeUndefined();
      expect(mine.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(mine)).toEqual(decoded(everyone));
    }
    // One the other reader does not follow (they follow eventId).
    const followed = (decoded(everyone).data.items as { _id: string }[]).find((e) => e._id !== eventId)!._id;
    expect((await as(t, someone)({ method: "POST", url: `/api/events/${followed}/follow` })).statusCode).toBe(200);
    const after = decoded(await read(someone)).data.items as { _id: string; following: boolean; followersCount: number }[];
    expect(after.filter((e) => e.following).map((e) => e._id)).toEqual([followed]);
    const item = decoded(await read(someone, `/api/events/${followed}`)).data;
    expect(item).toMatchObject({ following: true });
    // Everyone else still sees it unfollowed, with the new count.
    const othersItem = decoded(await read(null, `/api/events/${followed}`)).data;
    expect(othersItem).toMatchObject({ following: false, followersCount: item.followersCount });
    expect(decoded(await read(reader, `/api/events/${followed}`)).data).toMatchObject({ following: false, followersCount: item.followersCount });
    // Its organiser may edit it, so theirs is never the answer kept for everyone.
    const fresh = "/api/events?limit=8";
    const organizers = decoded(await read(organizer, fresh)).data.items as { canEdit: boolean }[];
    expect(organizers.some((e) => e.canEdit)).toBe(true);
    const anonymous = decoded(await read(null, fresh)).data.items as { canEdit: boolean }[];
    expect(anonymous.some((e) => e.canEdit)).toBe(false);
  });

  it("seguir a una persona, unirse a una comunidad o salir de ella no deja sin usar lo guardado de lo que no tocan, en ninguna instancia; lo que tocan se ve al instante", async () => {
    const community = await createCommunity(t, organizer, "Círculo de lectura");
    // A creation drops everything kept, on every instance: what the other one keeps from here on
    // must come after it heard of it.
    await late.caughtUp();
    const item = `/api/events/${eventId}`;
    const titleOn = async (app: TestApp) => (await as(app, null)({ url: item })).json().data.title as string;
    const membersOn = async (app: TestApp, who: Person | null = null) => (await as(app, who)({ url: `/api/communities/${community}` })).json().data as { membersCount: number; myRole: string | null };
    // Kept on both instances, then changed behind the API's back: while the kept answer is used,
    // readers still get the old title; once something drops it, the new one. It is kept 8 s
    // (KEPT_ANSWER_MS) and ends by itself after that: the steps below take ~1 s.
    const kept = await titleOn(t);
    expect(await titleOn(other)).toBe(kept);
    await t.database.query("UPDATE events SET title = $1 WHERE id = $2", ["Cambiado por detrás", eventId]);
    const keptEverywhere = async () => {
      await late.caughtUp();
      expect([await titleOn(t), await titleOn(other)]).toEqual([kept, kept]);
    };

    const follow = await as(t, reader)({ method: "POST", url: `/api/users/follow/${organizer.uid}/user` });
    expect(follow.statusCode).toBe(200);
    expect(follow.json().data).toMatchObject({ following: true, followersCount: 1 });
    await keptEverywhere();
    const following = await as(other, reader)({ url: "/api/users/following/users" });
    expect(following.json().data.map((u: { _id: string }) => u._id)).toEqual([organizer.uid]);

    const before = (await membersOn(other)).membersCount;
    expect((await as(t, reader)({ method: "POST", url: `/api/communities/${community}/join` })).json().data).toMatchObject({ myRole: "member", membersCount: before + 1 });
    await keptEverywhere();
    // The community's count moved for everyone, and the member's role for them, on both instances.
    expect(await membersOn(t)).toMatchObject({ membersCount: before + 1, myRole: null });
    expect(await membersOn(other)).toMatchObject({ membersCount: before + 1, myRole: null });
    expect(await membersOn(other, reader)).toMatchObject({ membersCount: before + 1, myRole: "member" });

    expect((await as(other, reader)({ method: "POST", url: `/api/communities/${community}/leave` })).statusCode).toBe(200);
    await keptEverywhere();
    expect(await membersOn(t, reader)).toMatchObject({ membersCount: before, myRole: null });

    // A change the cache does not know the reach of (an edit) drops everything: the title as stored.
    expect((await as(t, organizer)({ method: "PUT", url: `/api/communities/${community}`, payload: { description: "Leemos juntos." } })).statusCode).toBe(200);
    expect(await titleOn(t)).toBe("Cambiado por detrás");
    await as(t, organizer)({ method: "PUT", url: item, payload: { title: kept } });
  });

  it("los errores y las listas solo para administración no se guardan ni se marcan públicos", async () => {
    const missing = await as(t, null)({ url: "/api/events/no-existe" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    const hidden = await as(t, null)({ url: "/api/events?visibility=hidden" });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.headers["cache-control"]).toBe("no-store");
  });
});
