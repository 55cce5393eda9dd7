import { describe, expect, test } from "@jest/globals";
import { DYNAMIC_ROUTES, STATIC_ROUTES, matchDynamicRoute, routeIdFromPath } from "../routes";
import { PLACEHOLDER_ID, pathFor } from "../paths";

describe("route table", () => {
  test("every spec route is present", () => {
    expect(STATIC_ROUTES).toEqual(expect.arrayContaining(["/", "/login", "/login-email", "/register", "/news", "/profile", "/notifications", "/search", "/privacyPolicy", "/termsAndConditions", "/panel/users/verify", "/verify"]));
    expect(DYNAMIC_ROUTES).toHaveLength(11);
  });
});

describe("routeIdFromPath", () => {
  test("reads the id with or without a trailing slash", () => {
    expect(routeIdFromPath("/events/abc123/", "/events/[eventId]")).toBe("abc123");
    expect(routeIdFromPath("/events/abc123", "/events/[eventId]")).toBe("abc123");
    expect(routeIdFromPath("/events/abc123/edit/", "/events/[eventId]/edit")).toBe("abc123");
    expect(routeIdFromPath("/communities/c9/edit.members/", "/communities/[communityId]/edit.members")).toBe("c9");
  });

  test("static routes win over ids", () => {
    expect(routeIdFromPath("/events/create/", "/events/[eventId]")).toBeNull();
    expect(routeIdFromPath("/profile/following", "/profile/[profileId]")).toBeNull();
    expect(matchDynamicRoute("/news/mine/")).toBeNull();
  });

  test("another route, or a query or hash, does not confuse it", () => {
    expect(routeIdFromPath("/events/abc/edit/", "/events/[eventId]")).toBeNull();
    expect(routeIdFromPath("/places/p1/", "/events/[eventId]")).toBeNull();
    expect(routeIdFromPath("/events/abc/?tab=info#top", "/events/[eventId]")).toBe("abc");
  });

  test("decodes ids with special characters", () => {
    const id = "año 2025/ñ&?";
    const path = pathFor("/events/[eventId]", id);
    expect(path).toBe("/events/a%C3%B1o%202025%2F%C3%B1%26%3F/");
    expect(routeIdFromPath(path, "/events/[eventId]")).toBe(id);
    expect(routeIdFromPath("/events/%E0%A4%A/", "/events/[eventId]")).toBe("%E0%A4%A");
  });

  test("the placeholder is an id like any other", () => {
    expect(routeIdFromPath(`/profile/${PLACEHOLDER_ID}/`, "/profile/[profileId]")).toBe(PLACEHOLDER_ID);
  });
});

describe("matchDynamicRoute (server and service worker rewrites)", () => {
  test("maps a page to the placeholder's folder, keeping the trailing slash", () => {
    expect(matchDynamicRoute("/events/42/")).toEqual({ route: "/events/[eventId]", id: "42", placeholderPath: "/events/_/" });
    expect(matchDynamicRoute("/events/42")).toMatchObject({ placeholderPath: "/events/_" });
    expect(matchDynamicRoute("/news/n-1/edit/")).toMatchObject({ route: "/news/[newsId]/edit", placeholderPath: "/news/_/edit/" });
  });

  test("maps the RSC payload files the export writes", () => {
    expect(matchDynamicRoute("/events/42/index.txt")).toMatchObject({ id: "42", placeholderPath: "/events/_/index.txt" });
    expect(matchDynamicRoute("/events/42/__next._tree.txt")).toMatchObject({ placeholderPath: "/events/_/__next._tree.txt" });
    expect(matchDynamicRoute("/events/42/__next.events.$d$eventId.__PAGE__.txt?_rsc=x1")).toMatchObject({
      id: "42",
      placeholderPath: "/events/_/__next.events.$d$eventId.__PAGE__.txt",
    });
    expect(matchDynamicRoute("/communities/c1/edit.members/__next._full.txt")).toMatchObject({
      route: "/communities/[communityId]/edit.members",
      placeholderPath: "/communities/_/edit.members/__next._full.txt",
    });
  });

  test("a payload of a static page is left alone", () => {
    expect(matchDynamicRoute("/events/create/index.txt")).toBeNull();
    expect(matchDynamicRoute("/__next._tree.txt")).toBeNull();
  });

  test("unknown paths do not match", () => {
    expect(matchDynamicRoute("/")).toBeNull();
    expect(matchDynamicRoute("/events/")).toBeNull();
    expect(matchDynamicRoute("/events/1/2/3/")).toBeNull();
    expect(matchDynamicRoute("/api/events/1")).toBeNull();
  });
});
