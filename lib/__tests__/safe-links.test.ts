import { describe, expect, it } from "@jest/globals";
import { externalHref, internalHref } from "../safe-links";

describe("internalHref", () => {
  it.each([
    "/\\evil.example",
    "//evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "/%25255Cevil.example",
    "/events/\\evil",
    "/\tevil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "/events/%0Aabc",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hola",
    "https://evil.example/",
    "http:/evil.example",
    "evil.example",
    "",
    null,
    undefined,
  ])("no sigue %j", (link) => {
    expect(internalHref(link)).toBeNull();
  });

  it.each([
    ["/events/abc", "/events/abc/"],
    ["/events/abc/", "/events/abc/"],
    ["/", "/"],
    ["/search/?q=tamales%20de%20elote", "/search/?q=tamales%20de%20elote"],
    ["/profile/#ajustes", "/profile/#ajustes"],
  ])("sigue %j como %j", (link, href) => {
    expect(internalHref(link)).toBe(href);
  });
});

describe("externalHref", () => {
  it.each(["javascript:alert(1)", "data:text/html,hola", "ftp://ejemplo.mx", "//evil.example", "/events/abc", "https://", "https://ejemplo.mx/\nx", "zoom.us/j/1", null])(
    "no sigue %j",
    (url) => {
      expect(externalHref(url)).toBeNull();
    },
  );

  it.each(["https://ejemplo.mx", "http://ejemplo.mx/ruta?x=1", "HTTPS://Ejemplo.mx/a#b"])("sigue %j", (url) => {
    expect(externalHref(url)).toBe(url);
  });
});
