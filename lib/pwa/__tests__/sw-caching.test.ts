/**
 * @jest-environment node
 */
import { describe, expect, test } from "@jest/globals";
import { mayKeepResponse } from "../sw-caching";

const withCacheControl = (value?: string) => new Response("x", { headers: value === undefined ? {} : { "cache-control": value } });

describe("lo que el service worker guarda", () => {
  test("una imagen subida, inmutable, se guarda", () => {
    expect(mayKeepResponse(withCacheControl("public, max-age=31536000, immutable"))).toBe(true);
    expect(mayKeepResponse(withCacheControl())).toBe(true);
  });

  test("el WebP servido mientras se hace su AVIF (no-cache) no se guarda, ni lo que dice no-store", () => {
    expect(mayKeepResponse(withCacheControl("no-cache"))).toBe(false);
    expect(mayKeepResponse(withCacheControl("public, No-Cache"))).toBe(false);
    expect(mayKeepResponse(withCacheControl("no-store"))).toBe(false);
  });
});
