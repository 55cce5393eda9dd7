import { describe, expect, it } from "@jest/globals";
import { clickTarget, sameOriginTarget } from "../push-links";

// What a tap on a push opens: the message's path on this origin, never another site.

const ORIGIN = "https://plaza.example";

describe("sameOriginTarget", () => {
  it.each([
    ["/events/abc", `${ORIGIN}/events/abc`],
    ["/profile/u1?tab=x#y", `${ORIGIN}/profile/u1?tab=x#y`],
    ["https://malo.example/robo", `${ORIGIN}/notifications`],
    ["//malo.example/robo", `${ORIGIN}/notifications`],
    ["/\\malo.example", `${ORIGIN}/notifications`],
    ["javascript:alert(1)", `${ORIGIN}/notifications`],
    [null, `${ORIGIN}/notifications`],
    [42, `${ORIGIN}/notifications`],
  ])("%s → %s", (link, url) => {
    expect(sameOriginTarget(link, ORIGIN)).toBe(url);
  });
});

describe("clickTarget", () => {
  it("abre la dirección guardada solo si sigue en el mismo origen", () => {
    expect(clickTarget({ url: `${ORIGIN}/events/a` }, ORIGIN)).toBe(`${ORIGIN}/events/a`);
    expect(clickTarget({ url: "https://malo.example/x" }, ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(clickTarget(null, ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(clickTarget({ url: "%%%" }, ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });
});
