import { describe, expect, it } from "@jest/globals";
import { activeFilterCount, discoveryApiQuery, discoverySearch, parseDiscovery } from "../discovery";

describe("filtros de descubrimiento en la URL", () => {
  it("lee la URL y la vuelve a escribir igual (ida y vuelta canónica)", () => {
    const url = "?when=weekend&tag=musica&category=teatro&price=200&mode=in-person&near=here&lat=25.423&lng=-101.005&radius=3&accessibility=step-free-entrance,sign-language";
    const filters = parseDiscovery(new URLSearchParams(url));
    expect(filters).toEqual({
      when: "weekend",
      from: undefined,
      to: undefined,
      tag: "musica",
      category: "teatro",
      price: 200,
      mode: "in-person",
      near: "here",
      lat: 25.423,
      lng: -101.005,
      radius: 3,
      accessibility: ["step-free-entrance", "sign-language"],
    });
    expect(discoverySearch(filters)).toBe(url);
    expect(activeFilterCount(filters)).toBe(7);
  });

  it("da la misma URL para los mismos filtros en otro orden, y ninguna cuando no hay filtros", () => {
    const a = discoverySearch(parseDiscovery(new URLSearchParams("mode=online&price=free&accessibility=sign-language,step-free-entrance")));
    const b = discoverySearch(parseDiscovery(new URLSearchParams("accessibility=step-free-entrance,sign-language&price=free&mode=online")));
    expect(a).toBe(b);
    expect(a).toBe("?price=free&mode=online&accessibility=step-free-entrance,sign-language");
    expect(discoverySearch(parseDiscovery(new URLSearchParams("")))).toBe("");
  });

  it("descarta valores inválidos o incompletos de un enlace en vez de fallar", () => {
    const filters = parseDiscovery(new URLSearchParams("when=mes&price=-3&mode=virtual&category=cine&accessibility=rampa&near=here&lat=25.4"));
    expect(activeFilterCount(filters)).toBe(0);
    // Days without a range are dropped; a point without its radius gets the default one.
    expect(parseDiscovery({ from: "2030-03-15" }).from).toBeUndefined();
    expect(parseDiscovery({ when: "range", from: "2030-03-15", to: "15/03/2030" })).toMatchObject({ when: "range", from: "2030-03-15", to: undefined });
    expect(parseDiscovery({ near: "casa", lat: "25.42349", lng: "-101.00531" })).toMatchObject({ lat: 25.423, lng: -101.005, radius: 5 });
  });

  it("convierte los filtros en la consulta de GET /events", () => {
    expect(discoveryApiQuery(parseDiscovery({ when: "range", from: "2030-03-15", to: "2030-03-17", price: "free" }))).toEqual({ from: "2030-03-15", to: "2030-03-17", free: true });
    expect(discoveryApiQuery(parseDiscovery({ when: "today", price: "150", near: "here", lat: "25.4", lng: "-101", accessibility: "seating" }))).toEqual({
      when: "today",
      maxPrice: 150,
      lat: 25.4,
      lng: -101,
      radius: 5,
      accessibility: "seating",
    });
  });
});
