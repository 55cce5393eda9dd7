import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import type * as Harness from "../../test/harness";
import type * as Compression from "../compression";
import type * as HttpCache from "../http-cache";

// An anonymous answer that ends and is built again the same (nearly always: nothing changed) goes
// on as it was kept, with what was compressed of it: the text just built dies young, where V8
// collects it cheaply, and is not compressed again. Built different, the new one is kept and sent.
// Compression is counted on the real function; the cache (also imported by the harness) is loaded
// after that is in place, since this transform does not lift jest.mock above the imports.

jest.mock("../compression", () => {
  const actual = jest.requireActual<typeof Compression>("../compression");
  return { ...actual, compressKept: jest.fn(actual.compressKept) };
});

describe("una respuesta guardada que vence y se arma de nuevo", () => {
  const clock = { t: 1_000, now: () => clock.t };
  // Past the compression threshold (1 KB): a browser gets it in Brotli.
  let description = "Música en vivo en la Alameda. ".repeat(60);
  let built = 0;
  let database: Database;
  let app: FastifyInstance;
  let compressKept: jest.MockedFunction<typeof Compression.compressKept>;
  let KEPT_ANSWER_MS: number;

  beforeAll(async () => {
    const cache: typeof HttpCache = await import("../http-cache");
    const { itemScope, registerPublicCache } = cache;
    KEPT_ANSWER_MS = cache.KEPT_ANSWER_MS;
    compressKept = (await import("../compression")).compressKept as jest.MockedFunction<typeof Compression.compressKept>;
    expect(jest.isMockFunction(compressKept)).toBe(true);
    const { openTestDatabase }: typeof Harness = await import("../../test/harness");
    database = await openTestDatabase({ migrate: false });
    app = Fastify();
    await registerPublicCache(app, database, { clock });
    app.get("/eventos/e1", { config: { publicCache: { scope: () => itemScope("events", "e1") } } }, async () => {
      built++;
      return { data: { id: "e1", description } };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const read = async () => {
    const response = await app.inject({ url: "/eventos/e1", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    return { etag: response.headers.etag, data: JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString()).data as { description: string } };
  };

  it("igual que antes, sigue con lo que ya estaba comprimido; distinta, se comprime y se responde la nueva", async () => {
    const first = await read();
    expect(first.data.description).toBe(description);
    expect([built, compressKept.mock.calls.length]).toEqual([1, 1]);

    // Ended: the handler builds it again, the same, and the Brotli already made is sent.
    clock.t += KEPT_ANSWER_MS + 1;
    const again = await read();
    expect(again).toEqual(first);
    expect([built, compressKept.mock.calls.length]).toEqual([2, 1]);
    // Kept anew for its whole life: the next read within it builds nothing.
    clock.t += KEPT_ANSWER_MS - 1;
    expect(await read()).toEqual(first);
    expect(built).toBe(2);

    // Ended again, now with something else to say: it is compressed and sent.
    description = "Cambió de hora: ahora a las 21:00. ".repeat(60);
    clock.t += 2;
    const changed = await read();
    expect(changed.data.description).toBe(description);
    expect(changed.etag).not.toBe(first.etag);
    expect([built, compressKept.mock.calls.length]).toEqual([3, 2]);
  });
});
