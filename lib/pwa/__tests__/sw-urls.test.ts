import { describe, expect, test } from "@jest/globals";
import { isServerPath, isUploadedImage, placeholderUrls } from "../sw-urls";

const ORIGIN = "https://plaza.test";
const alternatives = (path: string) => placeholderUrls({ url: new URL(path, ORIGIN) }).map((u) => u.pathname);

describe("service worker URL rules", () => {
  test("a real id maps to the placeholder page", () => {
    expect(alternatives("/events/abc/")).toEqual(["/events/_/"]);
    expect(alternatives("/events/abc")).toEqual(["/events/_", "/events/_/"]);
    expect(alternatives("/communities/c1/edit.members/")).toEqual(["/communities/_/edit.members/"]);
  });

  test("the RSC payloads of a real id map to the placeholder's files", () => {
    expect(alternatives("/events/abc/index.txt")).toEqual(["/events/_/index.txt"]);
    expect(alternatives("/events/abc/__next.events.$d$eventId.__PAGE__.txt")).toEqual([
      "/events/_/__next.events.$d$eventId.__PAGE__.txt",
    ]);
    expect(alternatives("/profile/p%C3%B1/__next._tree.txt")).toEqual(["/profile/_/__next._tree.txt"]);
  });

  test("a static page without its trailing slash maps to its folder", () => {
    expect(alternatives("/search")).toEqual(["/search/"]);
    expect(alternatives("/search/")).toEqual([]);
    expect(alternatives("/events/create")).toEqual(["/events/create/"]);
  });

  test("API and Firebase handler paths never map to the app", () => {
    expect(alternatives("/api/events/abc/")).toEqual([]);
    expect(alternatives("/__/auth/handler")).toEqual([]);
    expect(isServerPath("/api")).toBe(true);
    expect(isServerPath("/__/auth/iframe")).toBe(true);
    expect(isServerPath("/apidocs")).toBe(false);
  });

  test("unknown paths get no alternative (offline they fall back to the 404 page)", () => {
    expect(alternatives("/esto-no-existe/")).toEqual([]);
  });
});

describe("uploaded images", () => {
  test("only the API's /uploads/ paths are cached as images", () => {
    expect(isUploadedImage("/uploads/avatar/1b2c/256.webp")).toBe(true);
    expect(isUploadedImage("/uploads/../api/users")).toBe(false);
    expect(isUploadedImage("/api/uploads/x.webp")).toBe(false);
    expect(isUploadedImage("/profile/")).toBe(false);
  });
});
