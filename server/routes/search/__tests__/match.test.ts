// @database-independent: plain code (scripts/test.mjs runs it in one API run).
import { describe, expect, it } from "@jest/globals";
import { highlightRanges, searchWords, wordSimilarity } from "../match";

// Which part of a title the search marks, as the person typed the query.

const marked = (title: string, q: string) => highlightRanges(title, q).map((r) => title.slice(r.start, r.end));

describe("marcas de búsqueda", () => {
  it("dobla acentos, mayúsculas y eñes como plaza_fold", () => {
    expect(searchWords("  Teátro  Ñandú! ")).toEqual(["teatro", "nandu"]);
    expect(marked("Noche de TEÁTRO", "teatro")).toEqual(["TEÁTRO"]);
    expect(marked("Año nuevo", "ano")).toEqual(["Año"]);
  });

  it("marca solo lo escrito de un prefijo y la palabra entera de un error de dedo", () => {
    expect(marked("Noche de teatro", "teat")).toEqual(["teat"]);
    expect(marked("Noche de teatro", "tatro")).toEqual(["teatro"]);
    expect(marked("Crónica del festival de jazz", "cronika festibal")).toEqual(["Crónica", "festival"]);
  });

  it("no adivina con palabras cortas ni con parecidos lejanos", () => {
    expect(marked("Tarde de tatuajes", "tatro")).toEqual([]);
    expect(marked("Noche de teatro", "tea")).toEqual(["tea"]);
    expect(marked("Noche de tetera", "tet")).toEqual(["tet"]);
    expect(wordSimilarity("tatro", "teatro")).toBeCloseTo(4 / 9);
  });

  it("las posiciones son del título tal cual, con emojis antes", () => {
    const title = "🎭 Noche de teatro";
    expect(highlightRanges(title, "teatro")).toEqual([{ start: 12, end: 18 }]);
    expect(marked(title, "teatro")).toEqual(["teatro"]);
  });
});
