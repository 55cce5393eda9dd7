import zlib from "node:zlib";
import { describe, expect, it } from "@jest/globals";
import { COMPRESSED_ENTRY_OVERHEAD_BYTES, compressedBefore } from "../compression";

// An answer compressed on the fly is kept by its text: the same text again is not compressed
// again, and nothing else ever gets it (plugins/compression.ts).

/** A compressor that counts its calls, around real Brotli. */
function counting() {
  const calls: string[] = [];
  const compress = (text: Buffer) => {
    calls.push(text.toString());
    return zlib.brotliCompressSync(text);
  };
  return { calls, compress };
}

const text = (body: string) => Buffer.from(JSON.stringify({ data: body }));

describe("lo comprimido antes", () => {
  it("da lo mismo que comprimir, y el mismo texto otra vez no se comprime de nuevo", () => {
    const remembered = compressedBefore();
    const { calls, compress } = counting();
    const first = remembered("br", text("Ana"), compress);
    // Another buffer with the same bytes, as each request brings its own.
    const again = remembered("br", text("Ana"), compress);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(text("Ana").toString());
    expect(again.equals(first)).toBe(true);
    expect(calls).toEqual([text("Ana").toString()]);
  });

  // node:zlib answers with a view of a 16 KB block: kept as it came, a 40-byte answer would hold
  // 16 KB that the memory's count never sees.
  it("guarda solo los bytes de cada respuesta, no el bloque en que los dio zlib", () => {
    const remembered = compressedBefore();
    const compressed = remembered("br", text("Ana"), (t) => zlib.brotliCompressSync(t));
    expect(zlib.brotliCompressSync(text("Ana")).buffer.byteLength).toBeGreaterThan(1024);
    expect(compressed.buffer.byteLength).toBe(compressed.length);
  });

  it("a un texto distinto le da lo suyo, aunque difiera en un solo carácter", () => {
    const remembered = compressedBefore();
    const { calls, compress } = counting();
    remembered("br", text("Ana"), compress);
    const other = remembered("br", text("Ann"), compress);
    expect(zlib.brotliDecompressSync(other).toString()).toBe(text("Ann").toString());
    expect(calls).toHaveLength(2);
  });

  it("guarda aparte cada codificación del mismo texto", () => {
    const remembered = compressedBefore();
    const brotli = remembered("br", text("Ana"), (t) => zlib.brotliCompressSync(t));
    const gzip = remembered("gzip", text("Ana"), (t) => zlib.gzipSync(t));
    expect(zlib.gunzipSync(gzip).toString()).toBe(text("Ana").toString());
    expect(zlib.brotliDecompressSync(brotli).toString()).toBe(text("Ana").toString());
  });

  it("no pasa de su memoria: lo más viejo se suelta y se comprime de nuevo si vuelve", () => {
    const texts = Array.from({ length: 5 }, (_, k) => text(`Persona ${k} ${"x".repeat(200)}`));
    const size = zlib.brotliCompressSync(texts[0]!).length;
    // Room for three answers of that size, with what each costs besides its bytes.
    const remembered = compressedBefore((size + COMPRESSED_ENTRY_OVERHEAD_BYTES) * 3 + 2);
    const { calls, compress } = counting();
    for (const t of texts) remembered("br", t, compress);
    expect(calls).toHaveLength(5);
    // The two newest are still there; the first was let go.
    remembered("br", texts[4]!, compress);
    remembered("br", texts[3]!, compress);
    expect(calls).toHaveLength(5);
    remembered("br", texts[0]!, compress);
    expect(calls).toHaveLength(6);
  });
});
