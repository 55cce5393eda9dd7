/**
 * @jest-environment node
 */

import { describe, expect, test } from "@jest/globals";
import { decodeCursor, encodeCursor, nextPageParam, pageQuery } from "@/lib/schemas/cursor";

describe("cursor codec", () => {
  test("round-trips keyset values, accents included, as base64url", () => {
    const cursor = encodeCursor(["Teatro Fernando Soler ñ", "2026-01-02T03:04:05.000006Z"]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(["Teatro Fernando Soler ñ", "2026-01-02T03:04:05.000006Z"]);
  });

  test("is the same text Node's base64url of the JSON gives (cursors made before stay valid)", () => {
    const values = ["Música", "id-1"];
    expect(encodeCursor(values)).toBe(Buffer.from(JSON.stringify(values), "utf8").toString("base64url"));
  });

  test("anything else is not a cursor", () => {
    expect(decodeCursor("not base64!", 2)).toBeNull();
    expect(decodeCursor(encodeCursor(["a"]), 2)).toBeNull();
    expect(decodeCursor(encodeCursor(["a", 1]), 2)).toBeNull();
    expect(decodeCursor(encodeCursor(["a", "x".repeat(257)]), 2)).toBeNull();
    expect(decodeCursor(Buffer.from("{}").toString("base64url"), 2)).toBeNull();
  });

  test("page requests: no cursor is the first page; no next cursor ends the list", () => {
    expect(pageQuery(null, 20)).toEqual({ limit: 20 });
    expect(pageQuery("abc", 20)).toEqual({ cursor: "abc", limit: 20 });
    expect(nextPageParam({ items: [], nextCursor: null })).toBeUndefined();
    expect(nextPageParam({ items: [], nextCursor: "abc" })).toBe("abc");
  });
});
