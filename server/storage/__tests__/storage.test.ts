// @database-independent: files and object stores only (scripts/test.mjs runs it in one API run).
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { AwsV4Signer } from "aws4fetch";
import Fastify from "fastify";
import sharp from "sharp";
import { demoPictureFile } from "../../db/demo-pictures";
import { demoPictures } from "../../db/seed-content";
import { photoLike } from "../../test/pictures";
import { configureImageWork, processImage, sniffImageFormat } from "../images";
import { registerUploadsRoute } from "../routes";
import { createImageStore, createLocalObjectStore, createS3ObjectStore, type ObjectStore } from "../store";

// The image pipeline and the stores on their own (the upload routes are tested in users).

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("firma SigV4", () => {
  const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };

  // The signer as the store configures it (payload hash given, every header signed), held
  // against AWS's published example, so the verification below rests on a known-good algorithm.
  it("el firmador, como lo usa el almacén, coincide con el ejemplo PUT de la documentación de S3", async () => {
    const signer = new AwsV4Signer({
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test$file.text",
      headers: {
        Date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
      },
      ...credentials,
      service: "s3",
      datetime: "20130524T000000Z",
      allHeaders: true,
    });
    expect((await signer.sign()).headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("lo que el almacén envía por la red lleva una firma válida del cuerpo, la ruta, el host y las cabeceras", async () => {
    const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ method: request.method!, url: `http://${request.headers.host}${request.url}`, headers: request.headers, body: Buffer.concat(chunks) });
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const store = createS3ObjectStore({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: "plaza",
        ...credentials,
        publicUrl: "https://cdn.plaza.example",
        forcePathStyle: true,
      });
      const key = "avatar/3f1c2d4e-0000-4000-8000-000000000000/256.webp";
      const data = Buffer.from("RIFF imagen webp");
      await store.put(key, data, "image/webp");
      await store.delete(key);

      // What an S3 store does on receipt: rebuild the canonical request from what arrived.
      const verify = async (request: (typeof received)[number], secretAccessKey: string) => {
        const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
          String(request.headers.authorization),
        );
        expect(match).not.toBeNull();
        const [, accessKeyId, day, region, signedHeaders, signature] = match!;
        const headers = signedHeaders!.split(";").filter((name) => name !== "host").map((name) => [name, String(request.headers[name])] as [string, string]);
        const signer = new AwsV4Signer({
          method: request.method,
          url: request.url,
          headers,
          accessKeyId: accessKeyId!,
          secretAccessKey,
          region,
          service: "s3",
          datetime: String(request.headers["x-amz-date"]),
          allHeaders: true,
        });
        expect(String(request.headers["x-amz-date"]).slice(0, 8)).toBe(day);
        expect(signer.signedHeaders).toBe(signedHeaders);
        return (await signer.signature()) === signature;
      };

      expect(received.map((r) => [r.method, r.url])).toEqual([
        ["PUT", `http://127.0.0.1:${port}/plaza/${key}`],
        ["DELETE", `http://127.0.0.1:${port}/plaza/${key}`],
      ]);
      const [put, del] = received as [(typeof received)[number], (typeof received)[number]];
      expect(put.body.equals(data)).toBe(true);
      expect(put.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(data).digest("hex"));
      expect(del.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update("").digest("hex"));
      expect(String(put.headers.authorization)).toContain("SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,");
      expect(await verify(put, credentials.secretAccessKey)).toBe(true);
      expect(await verify(del, credentials.secretAccessKey)).toBe(true);
      expect(await verify(put, "otro-secreto")).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("almacén S3", () => {
  it("sube con PUT firmado al bucket (estilo ruta) y borra con DELETE; 404 al borrar no es error", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: URL | string, init: RequestInit = {}) => {
      calls.push({ url: String(url), init });
      return new Response(null, { status: init.method === "DELETE" ? 404 : 200 });
    }) as typeof fetch;
    const store = createS3ObjectStore(
      {
        endpoint: "http://127.0.0.1:9000",
        bucket: "plaza",
        region: "us-east-1",
        accessKeyId: "clave",
        secretAccessKey: "secreto",
        publicUrl: "https://cdn.plaza.example/plaza/",
        forcePathStyle: true,
      },
      fakeFetch,
    );
    const key = "avatar/3f1c2d4e-0000-4000-8000-000000000000/256.webp";
    await store.put(key, Buffer.from("webp"), "image/webp");
    await store.delete(key);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["PUT", `http://127.0.0.1:9000/plaza/${key}`],
      ["DELETE", `http://127.0.0.1:9000/plaza/${key}`],
    ]);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=clave\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-type"]).toBe("image/webp");
    expect(store.publicUrl(key)).toBe(`https://cdn.plaza.example/plaza/${key}`);
  });

  it("usa el bucket como subdominio en AWS y propaga un error del servicio", async () => {
    const fakeFetch = (async () => new Response("AccessDenied", { status: 403 })) as unknown as typeof fetch;
    const store = createS3ObjectStore(
      { endpoint: "https://s3.us-east-1.amazonaws.com", bucket: "plaza", region: "us-east-1", accessKeyId: "a", secretAccessKey: "b", publicUrl: "https://x", forcePathStyle: false },
      fakeFetch,
    );
    await expect(store.put("avatar/3f1c2d4e-0000-4000-8000-000000000000/96.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/HTTP 403 AccessDenied/);
  });
});

describe("proceso de imágenes", () => {
  it("reconoce los formatos por sus primeros bytes", async () => {
    const make = (format: "jpeg" | "png" | "webp" | "avif" | "gif") =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })[format]().toBuffer();
    expect(sniffImageFormat(await make("jpeg"))).toBe("jpeg");
    expect(sniffImageFormat(await make("png"))).toBe("png");
    expect(sniffImageFormat(await make("webp"))).toBe("webp");
    expect(sniffImageFormat(await make("avif"))).toBe("avif");
    expect(sniffImageFormat(await make("gif"))).toBeNull();
    expect(sniffImageFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });

  it("endereza según la orientación EXIF antes de quitarla", async () => {
    // 200×100 stored, EXIF orientation 6 (rotate 90°): shown as 100×200, portrait.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#333" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await processImage("cover", sideways);
    const largest = result.variants.find((v) => v.label === "640")!;
    expect({ width: largest.width, height: largest.height }).toEqual({ width: 100, height: 200 });
    expect((await sharp(largest.data).metadata()).orientation).toBeUndefined();
  });

  it("guarda y borra todos los tamaños en el almacén local", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-store-"));
    const store = createImageStore(createLocalObjectStore(dir));
    const image = await processImage("content", await (await photoLike(2000, 1000)).jpeg().toBuffer());
    const saved = await store.save(image);
    await store.idle();
    expect(Object.keys(saved.sizes).sort()).toEqual(["1600", "480", "960"]);
    expect(saved.url).toBe(saved.sizes["960"]);
    // Each size of a photo in WebP (the one its URL names) and in AVIF beside it, the same picture.
    expect(saved.keys.map((key) => path.basename(key)).sort()).toEqual(["1600.avif", "1600.webp", "480.avif", "480.webp", "960.avif", "960.webp"]);
    for (const key of saved.keys) expect(fs.existsSync(path.join(dir, key))).toBe(true);
    for (const width of ["480", "960", "1600"]) {
      const folder = path.join(dir, path.dirname(saved.keys[0]!));
      const webp = await sharp(path.join(folder, `${width}.webp`)).metadata();
      const avif = await sharp(path.join(folder, `${width}.avif`)).metadata();
      expect({ format: avif.format, compression: avif.compression, width: avif.width, height: avif.height }).toEqual({ format: "heif", compression: "av1", width: webp.width, height: webp.height });
    }
    await store.remove(saved);
    for (const key of saved.keys) expect(fs.existsSync(path.join(dir, key))).toBe(false);
    expect(fs.readdirSync(path.join(dir, "content"))).toEqual([]);
  });

  it("guarda el AVIF solo donde sale más chico que el WebP", async () => {
    const kept = async (input: Buffer) => {
      const image = await processImage("avatar", input);
      const avifs = await image.avifs();
      return Object.fromEntries(image.variants.map((variant, i) => [variant.label, avifs[i] === undefined ? "sin AVIF" : avifs[i]!.length < variant.data.length]));
    };
    // A photo: smaller in AVIF at every size.
    expect(await kept(await (await photoLike(600, 600)).jpeg().toBuffer())).toEqual({ "96": true, "256": true, "512": true });
    // A flat square: at 96 px its WebP is a few dozen bytes, less than an AVIF's container.
    expect((await kept(await sharp({ create: { width: 600, height: 600, channels: 3, background: "#888" } }).png().toBuffer()))["96"]).toBe("sin AVIF");
  });

  it("una imagen cuyo AVIF no se pudo hacer se guarda igual, solo en WebP", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-store-"));
    const store = createImageStore(createLocalObjectStore(dir));
    const image = await processImage("content", await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#3a3" } }).png().toBuffer());
    const saved = await store.save({ ...image, avifs: async () => image.variants.map(() => undefined) });
    await store.idle();
    const folder = path.join(dir, path.dirname(saved.keys[0]!));
    expect(fs.readdirSync(folder).sort()).toEqual(["1600.webp", "480.webp", "960.webp"]);
    // The AVIFs' keys are kept all the same, and removing the image with them is no error.
    await store.remove(saved);
    expect(fs.existsSync(folder)).toBe(false);
  });
});

describe("los AVIF, después de responder", () => {
  const upload = async () => (await photoLike(800, 600)).jpeg().toBuffer();
  const files = (dir: string) => (fs.existsSync(path.join(dir, "content")) ? fs.readdirSync(path.join(dir, "content"), { recursive: true, encoding: "utf8" }) : []);

  it("la subida queda guardada en WebP sin esperar los AVIF, que llegan después a su lado", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-store-"));
    const store = createImageStore(createLocalObjectStore(dir));
    const image = await processImage("content", await upload());
    const avifs = deferred<(Buffer | undefined)[]>();
    const saved = await store.save({ ...image, avifs: () => avifs.promise });
    const folder = path.join(dir, path.dirname(saved.keys[0]!));
    expect(fs.readdirSync(folder).sort()).toEqual(["1600.webp", "480.webp", "960.webp"]);
    avifs.resolve(await image.avifs());
    await store.idle();
    expect(fs.readdirSync(folder).sort()).toEqual(["1600.avif", "1600.webp", "480.avif", "480.webp", "960.avif", "960.webp"]);
  });

  it("una imagen borrada antes de que lleguen sus AVIF no los deja en el almacén", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-store-"));
    const store = createImageStore(createLocalObjectStore(dir));
    const image = await processImage("content", await upload());
    const made = await image.avifs();

    // Replaced while its AVIFs were still being made.
    const late = deferred<(Buffer | undefined)[]>();
    await store.remove(await store.save({ ...image, avifs: () => late.promise }));
    late.resolve(made);
    await store.idle();
    expect(files(dir)).toEqual([]);

    // Replaced while its AVIFs were being written.
    const objects = createLocalObjectStore(dir);
    const started = deferred<void>();
    const writing = deferred<void>();
    const slowAvifs: ObjectStore = {
      ...objects,
      put: async (key, data, type) => {
        if (key.endsWith(".avif")) {
          started.resolve();
          await writing.promise;
        }
        await objects.put(key, data, type);
      },
    };
    const slow = createImageStore(slowAvifs);
    const saved = await slow.save({ ...image, avifs: async () => made });
    await started.promise;
    await slow.remove(saved);
    writing.resolve();
    await slow.idle();
    expect(files(dir)).toEqual([]);
  });

  it("con imágenes esperando turno, cada subida se responde antes de que termine un AVIF", async () => {
    configureImageWork({ concurrency: 1, maxQueue: 16, timeoutSeconds: 20 });
    try {
      const input = await upload();
      const order: string[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const image = await processImage("content", input);
          order.push(`webp ${i}`);
          await image.avifs();
          order.push(`avif ${i}`);
        }),
      );
      expect(order.slice(0, 6).every((step) => step.startsWith("webp"))).toBe(true);
      expect(order).toHaveLength(12);
    } finally {
      configureImageWork({ concurrency: 2, maxQueue: 16, timeoutSeconds: 20 });
    }
  });

  it("sin sitio para más píxeles esperando su AVIF, la imagen se queda en WebP; el sitio se devuelve", async () => {
    // An 800×600 upload keeps 1.44 MB of pixels for its AVIFs: room for one at a time.
    configureImageWork({ concurrency: 2, maxQueue: 16, timeoutSeconds: 20, avifBacklogBytes: 2_000_000 });
    try {
      const [first, second] = await Promise.all([processImage("content", await upload()), processImage("content", await upload())]);
      expect(second.variants).toHaveLength(3);
      const [made, skipped] = await Promise.all([first.avifs(), second.avifs()]);
      expect(made.every((avif) => avif instanceof Buffer)).toBe(true);
      expect(skipped).toEqual([undefined, undefined, undefined]);
      // Once the first one's AVIFs are made, its room is free again.
      const third = await processImage("content", await upload());
      expect((await third.avifs()).every((avif) => avif instanceof Buffer)).toBe(true);
    } finally {
      configureImageWork({ concurrency: 2, maxQueue: 16, timeoutSeconds: 20 });
    }
  });

  it("una imagen que no se guarda no gasta trabajo en AVIF", async () => {
    const input = await upload();
    configureImageWork({ concurrency: 2, maxQueue: 16, timeoutSeconds: 20, avifBacklogBytes: 2_000_000 });
    try {
      const image = await processImage("content", input);
      // Nothing asked for its AVIFs, so it holds no room: the next image, with room for one, gets its own.
      const next = await processImage("content", input);
      expect((await next.avifs()).every((avif) => avif instanceof Buffer)).toBe(true);
      expect(image.variants).toHaveLength(3);
    } finally {
      configureImageWork({ concurrency: 2, maxQueue: 16, timeoutSeconds: 20 });
    }
  });
});

describe("/uploads: AVIF a quien lo pide, WebP a lo demás", () => {
  // Chrome's Accept for an <img>; Firefox and Safari also list image/avif.
  const BROWSER = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  const picture = demoPictures().find((p) => p.kind === "events")!;
  const webp = fs.readFileSync(demoPictureFile(picture.kind, picture.key, 960));
  const avif = fs.readFileSync(demoPictureFile(picture.kind, picture.key, 960, "avif"));
  const both = "content/3f1c2d4e-0000-4000-8000-000000000001/960.webp";
  // Stored before AVIF siblings were kept: only the WebP exists.
  const before = "content/3f1c2d4e-0000-4000-8000-000000000002/960.webp";

  async function uploadsApp() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-uploads-route-"));
    const objects = createLocalObjectStore(dir);
    await objects.put(both, webp, "image/webp");
    await objects.put(both.replace(/webp$/, "avif"), avif, "image/avif");
    await objects.put(before, webp, "image/webp");
    const app = Fastify();
    registerUploadsRoute(app, dir);
    await app.ready();
    return app;
  }

  it("la misma dirección da a un navegador el AVIF guardado al lado, más chico", async () => {
    const app = await uploadsApp();
    try {
      const response = await app.inject({ url: `/uploads/${both}`, headers: { accept: BROWSER } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/avif");
      expect(response.headers.vary).toBe("Accept");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.rawPayload.equals(avif)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(webp.length * 0.8);
    } finally {
      await app.close();
    }
  });

  it("sin image/avif en Accept (un lector de feeds, una vista previa de enlace) da el WebP", async () => {
    const app = await uploadsApp();
    try {
      for (const accept of [undefined, "*/*", "image/webp,*/*", "image/avif;q=0,image/webp", "image/webp,image/avif;q=0.5"]) {
        const response = await app.inject({ url: `/uploads/${both}`, headers: accept === undefined ? {} : { accept } });
        expect({ accept, status: response.statusCode, type: response.headers["content-type"], vary: response.headers.vary }).toEqual({ accept, status: 200, type: "image/webp", vary: "Accept" });
        expect(response.rawPayload.equals(webp)).toBe(true);
      }
    } finally {
      await app.close();
    }
  });

  it("mientras se hacen los AVIF de una subida, el WebP que recibe un navegador no se guarda en caché", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-uploads-route-"));
    const store = createImageStore(createLocalObjectStore(dir));
    const image = await processImage("content", await (await photoLike(800, 600)).jpeg().toBuffer());
    const made = await image.avifs();
    // One image whose AVIFs come, and one whose AVIFs all come out larger than its WebPs.
    const coming = deferred<(Buffer | undefined)[]>();
    const none = deferred<(Buffer | undefined)[]>();
    const withAvif = await store.save({ ...image, avifs: () => coming.promise });
    const withoutAvif = await store.save({ ...image, avifs: () => none.promise });
    const app = Fastify();
    registerUploadsRoute(app, dir, store);
    await app.ready();
    const get = async (saved: { url: string }, accept: string) => {
      const response = await app.inject({ url: new URL(saved.url, "http://plaza.test").pathname, headers: { accept } });
      return { status: response.statusCode, type: response.headers["content-type"], cache: response.headers["cache-control"] };
    };
    try {
      for (const saved of [withAvif, withoutAvif]) expect(await get(saved, BROWSER)).toEqual({ status: 200, type: "image/webp", cache: "no-cache" });
      // What does not ask for AVIF gets the WebP for good.
      expect(await get(withAvif, "*/*")).toEqual({ status: 200, type: "image/webp", cache: "public, max-age=31536000, immutable" });
      coming.resolve(made);
      none.resolve(made.map(() => undefined));
      await store.idle();
      expect(await get(withAvif, BROWSER)).toEqual({ status: 200, type: "image/avif", cache: "public, max-age=31536000, immutable" });
      // No AVIF is coming any more: its WebP is the answer for good.
      expect(await get(withoutAvif, BROWSER)).toEqual({ status: 200, type: "image/webp", cache: "public, max-age=31536000, immutable" });
    } finally {
      await app.close();
    }
  });

  it("una imagen guardada antes, sin AVIF, se sigue sirviendo en WebP; y el AVIF tiene su propia dirección", async () => {
    const app = await uploadsApp();
    try {
      const old = await app.inject({ url: `/uploads/${before}`, headers: { accept: BROWSER } });
      expect({ status: old.statusCode, type: old.headers["content-type"] }).toEqual({ status: 200, type: "image/webp" });
      expect(old.rawPayload.equals(webp)).toBe(true);
      const direct = await app.inject({ url: `/uploads/${both.replace(/webp$/, "avif")}`, headers: { accept: "*/*" } });
      expect({ status: direct.statusCode, type: direct.headers["content-type"], vary: direct.headers.vary }).toEqual({ status: 200, type: "image/avif", vary: undefined });
      const missing = await app.inject({ url: `/uploads/${before.replace(/webp$/, "avif")}`, headers: { accept: BROWSER } });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
