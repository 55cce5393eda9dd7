import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { seedDemo } from "../../db/seed";
import { COMPRESSION_THRESHOLD_BYTES, PER_REQUEST_BROTLI, SMALL_ANSWER_BROTLI, SMALL_ANSWER_BYTES } from "../compression";
import { notifyUsers } from "../../routes/notifications/service";
import { addressOf, registeredUser, type TestPerson } from "../../test/accounts";
import { bearer } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { openStream } from "../../test/sse";

// API answers are compressed on the fly when they are big enough and the client accepts it.

describe("compresión de las respuestas de la API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // The demo agenda: a list well over the 1 KB threshold.
    await seedDemo(t.database, {});
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (acceptEncoding?: string) =>
    t.app.inject({ method: "GET", url: "/api/events", headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  /** The demo's upcoming events, for people to follow. */
  const upcoming = async () => (await t.request({ method: "GET", url: "/api/events?limit=50" })).json().data.items as { _id: string }[];
  const follow = async (person: TestPerson, eventId: string) =>
    expect((await t.request({ method: "POST", url: `/api/events/${eventId}/follow`, headers: bearer(person) })).statusCode).toBe(200);
  /** Someone who follows 20 events: their my-data is over the threshold and under SMALL_ANSWER_BYTES. */
  const followingTwenty = async () => {
    const person = await registeredUser(t);
    const events = await upcoming();
    for (const event of events.slice(0, 20)) await follow(person, event._id);
    return { person, events };
  };
  /** `url` read by `person`, asking for `acceptEncoding` if given. */
  const readAs = (person: TestPerson, url: string, acceptEncoding?: string) =>
    t.app.inject({ method: "GET", url, headers: { ...bearer(person), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) } });

  it("envía una lista en brotli que se decodifica al mismo JSON", async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const res = await list("br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it("envía gzip a quien solo acepta gzip", async () => {
    const res = await list("gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toEqual((await list()).json());
  });

  it("deja el stream de notificaciones sin comprimir ni retener, aunque el navegador acepte brotli", async () => {
    const person = await registeredUser(t);
    const ticket = await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) });
    const stream = await openStream(addressOf(t), ticket.json().data.url, { "accept-encoding": "gzip, deflate, br" });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-encoding"]).toBeUndefined();
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      await stream.waitFor((e) => e.event === "ready");
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "Aviso", body: "Llega en cuanto se envía." }]);
      const event = await stream.waitFor((e) => e.event === "notification");
      expect(event.data).toMatchObject({ title: "Aviso", body: "Llega en cuanto se envía." });
    } finally {
      stream.close();
    }
  });

  // A personal answer is compressed for its one request: up to 4 KB in Brotli quality 1, which a
  // busy server compresses in half the time of 4 (plugins/compression.ts); bigger ones in 4.
  it("comprime una respuesta personal chica en Brotli 1 y una grande en Brotli 4, y las dos se decodifican al mismo JSON", async () => {
    const { person } = await followingTwenty();
    const read = (url: string, acceptEncoding?: string) => readAs(person, url, acceptEncoding);
    const cases: [string, number, number][] = [
      ["/api/users/my-data", COMPRESSION_THRESHOLD_BYTES + 1, SMALL_ANSWER_BYTES],
      // Within the one-call path (syncThreshold), as every page of a list is.
      ["/api/events?limit=50", SMALL_ANSWER_BYTES + 1, 65_536],
    ];
    for (const [url, least, most] of cases) {
      const plain = await read(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThanOrEqual(least);
      expect(plain.rawPayload.length).toBeLessThanOrEqual(most);
      const res = await read(url, "gzip, deflate, br, zstd");
      expect(res.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
      const options = plain.rawPayload.length <= SMALL_ANSWER_BYTES ? SMALL_ANSWER_BROTLI : PER_REQUEST_BROTLI;
      expect(res.rawPayload.equals(zlib.brotliCompressSync(plain.rawPayload, options))).toBe(true);
    }
  });

  // The same text compressed once (compressedBefore): what changes is compressed anew.
  it("comprime una vez la respuesta personal que se repite, y la que cambia llega con su cambio", async () => {
    const { person, events } = await followingTwenty();
    const myData = async () => {
      const res = await readAs(person, "/api/users/my-data", "gzip, deflate, br, zstd");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data as { following: { events: string[] } };
    };
    const compressions = jest.spyOn(zlib, "brotliCompressSync");
    try {
      const first = await myData();
      expect(first.following.events).toHaveLength(20);
      expect(await myData()).toEqual(first);
      expect(compressions).toHaveBeenCalledTimes(1);

      const added = events[20]!._id;
      await follow(person, added);
      compressions.mockClear();
      const changed = await myData();
      expect(changed.following.events).toHaveLength(21);
      expect(changed.following.events).toContain(added);
      expect(compressions).toHaveBeenCalledTimes(1);
      expect(await myData()).toEqual(changed);
      expect(compressions).toHaveBeenCalledTimes(1);
    } finally {
      compressions.mockRestore();
    }
  });

  // A personal answer in gzip goes through the same memory as Brotli (the anonymous list is kept
  // for everyone and compressed elsewhere).
  it("envía en gzip una respuesta personal a quien solo acepta gzip, y la misma otra vez sin comprimirla de nuevo", async () => {
    const { person } = await followingTwenty();
    const read = (acceptEncoding?: string) => readAs(person, "/api/users/my-data", acceptEncoding);
    const plain = await read();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const compressions = jest.spyOn(zlib, "gzipSync");
    try {
      for (let k = 0; k < 2; k++) {
        const res = await read("gzip");
        expect(res.headers["content-encoding"]).toBe("gzip");
        expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
      }
      expect(compressions).toHaveBeenCalledTimes(1);
    } finally {
      compressions.mockRestore();
    }
  });

  it("no comprime respuestas pequeñas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
