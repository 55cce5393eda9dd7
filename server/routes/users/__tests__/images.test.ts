import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { userSchema } from "../../../../lib/schemas/users";
import { registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer, createEmulatorUser } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody, type MultipartFile } from "../../../test/multipart";
import { photoLike } from "../../../test/pictures";

// Profile and cover images through the real pipeline: multipart in, checked by content, EXIF
// stripped, WebP sizes (and AVIF beside them) written to the local store and served from /uploads
// with long caching.

/** Chrome's Accept for an image. */
const BROWSER_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

describe("imágenes de perfil y portada", () => {
  let t: TestApp;
  let person: TestPerson;
  let photoWithExif: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    person = await registeredUser(t);
    // A camera-like JPEG: EXIF with a maker, a GPS position and a rotation.
    photoWithExif = await (await photoLike(1200, 800))
      .jpeg()
      .withExif({ IFD0: { Make: "CámaraSecreta", Model: "X100", Copyright: "Ana" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 25/1 0/1" } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (url: string, files: MultipartFile[], who: TestPerson = person, fields: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(fields, files);
    return t.request({ method: "PUT", url, headers: { ...bearer(who), "content-type": contentType }, payload: body });
  };
  const file = (data: Buffer, contentType = "image/jpeg", filename = "foto.jpg", field = "file"): MultipartFile => ({ field, filename, contentType, data });

  async function fetchImage(url: string) {
    const res = await t.request({ url });
    return { res, data: Buffer.from(res.body, "latin1") };
  }

  async function download(url: string, accept?: string): Promise<{ status: number; headers: Record<string, unknown>; data: Buffer }> {
    const address = t.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${address.port}${url}`, accept ? { headers: { accept } } : {});
    return { status: response.status, headers: Object.fromEntries(response.headers), data: Buffer.from(await response.arrayBuffer()) };
  }

  it("el original trae EXIF (control de la prueba)", async () => {
    const meta = await sharp(photoWithExif).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.exif!.toString("latin1")).toContain("X100");
  });

  it("PUT /api/users/profile-image: JPEG → WebP cuadradas de 96, 256 y 512 sin EXIF, servidas con caché larga", async () => {
    const res = await upload("/api/users/profile-image", [file(photoWithExif)]);
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json().data);
    expect(Object.keys(user.profileImageSizes!).sort()).toEqual(["256", "512", "96"]);
    expect(user.profileImage).toBe(user.profileImageSizes!["256"]);
    expect(user.profileImage).toMatch(/^\/uploads\/avatar\/[0-9a-f-]{36}\/256\.webp$/);

    // The AVIFs are made after the answer, in the background.
    await t.app.images.idle();
    for (const [size, url] of Object.entries(user.profileImageSizes!)) {
      const image = await download(url);
      expect(image.status).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(image.data).metadata();
      expect({ size, format: meta.format, width: meta.width, height: meta.height }).toEqual({ size, format: "webp", width: Number(size), height: Number(size) });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(image.data.includes(Buffer.from("X100"))).toBe(false);
      expect(image.data.includes(Buffer.from("CámaraSecreta"))).toBe(false);

      // A browser that asks for AVIF gets the same picture in it, without the EXIF either.
      const avif = await download(url, BROWSER_ACCEPT);
      expect(avif.headers["content-type"]).toBe("image/avif");
      const avifMeta = await sharp(avif.data).metadata();
      expect({ size, format: avifMeta.format, width: avifMeta.width, height: avifMeta.height, exif: avifMeta.exif }).toEqual({ size, format: "heif", width: Number(size), height: Number(size), exif: undefined });
      expect(avif.data.includes(Buffer.from("X100"))).toBe(false);
    }
  });

  it("PUT /api/users/cover-image: PNG → WebP de 640, 1280 y 1920 de ancho, sin agrandar", async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 4, background: "#1a6" } }).png().toBuffer();
    const res = await upload("/api/users/cover-image", [file(png, "image/png", "portada.png")]);
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json().data);
    expect(user.coverImage).toBe(user.coverImageSizes!["1280"]);
    for (const [size, url] of Object.entries(user.coverImageSizes!)) {
      const meta = await sharp((await download(url)).data).metadata();
      expect({ size, format: meta.format, width: meta.width, height: meta.height }).toEqual({ size, format: "webp", width: Number(size), height: Number(size) / 2 });
    }

    const small = await sharp({ create: { width: 800, height: 300, channels: 3, background: "#fff" } }).png().toBuffer();
    const smallUser = (await upload("/api/users/cover-image", [file(small, "image/png", "chica.png")])).json().data;
    const widths = await Promise.all(Object.values(smallUser.coverImageSizes as Record<string, string>).map(async (url) => (await sharp((await download(url)).data).metadata()).width));
    expect(widths.sort((a, b) => a! - b!)).toEqual([640, 800, 800]);
  });

  it("acepta WebP y AVIF, y el campo fileProfileImage", async () => {
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00f" } }).webp().toBuffer();
    expect((await upload("/api/users/profile-image", [file(webp, "image/webp", "a.webp")])).statusCode).toBe(200);
    const avif = await sharp({ create: { width: 128, height: 128, channels: 3, background: "#f00" } }).avif({ effort: 0 }).toBuffer();
    expect((await upload("/api/users/profile-image", [file(avif, "image/avif", "a.avif", "fileProfileImage")])).statusCode).toBe(200);
  });

  it("al reemplazar una imagen borra los archivos anteriores", async () => {
    const first = (await upload("/api/users/profile-image", [file(photoWithExif)])).json().data;
    const second = (await upload("/api/users/profile-image", [file(photoWithExif)])).json().data;
    expect(second.profileImage).not.toBe(first.profileImage);
    // The first one's AVIFs may still be on their way when it is replaced: none may land after.
    await t.app.images.idle();
    for (const url of Object.values(first.profileImageSizes as Record<string, string>)) {
      expect((await download(url)).status).toBe(404);
      expect((await download(url, BROWSER_ACCEPT)).status).toBe(404);
    }
    expect((await download(second.profileImage)).status).toBe(200);
  });

  it("responde 415 en español a un archivo que no es imagen aunque diga serlo", async () => {
    const fake = Buffer.from("Esto no es una foto, es texto con nombre de foto.\n");
    for (const attempt of [file(fake, "image/jpeg", "foto.jpg"), file(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), fake]), "image/png", "foto.png")]) {
      const res = await upload("/api/users/profile-image", [attempt]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: "El archivo no es una imagen válida. Sube una imagen JPEG, PNG, WebP o AVIF.", code: "UNSUPPORTED_MEDIA_TYPE" });
    }
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    expect((await upload("/api/users/profile-image", [file(gif, "image/gif", "a.gif")])).statusCode).toBe(415);
    expect((await t.users.findById(person.uid))?.profileImage).not.toBeNull();
  });

  it("responde 413 'La imagen supera 8 MB.' por encima de 8 MB", async () => {
    const huge = Buffer.concat([photoWithExif, Buffer.alloc(8 * 1024 * 1024 + 1 - photoWithExif.length + 10, 7)]);
    const res = await upload("/api/users/cover-image", [file(huge)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "La imagen supera 8 MB.", code: "PAYLOAD_TOO_LARGE" });
  });

  it("responde 400 sin archivo o con otro nombre de campo, y 415 si no es multipart", async () => {
    const none = await upload("/api/users/profile-image", [], person, { nada: "x" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Falta la imagen: envíala en el campo 'file'.");
    const wrongField = await upload("/api/users/profile-image", [file(photoWithExif, "image/jpeg", "a.jpg", "foto")]);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.request({ method: "PUT", url: "/api/users/profile-image", headers: bearer(person), payload: { image: "base64" } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe("Envía la imagen como multipart/form-data.");
    const two = await upload("/api/users/profile-image", [file(photoWithExif), file(photoWithExif)]);
    expect(two.statusCode).toBe(413);
  });

  it("/uploads solo sirve claves de imagen", async () => {
    for (const url of ["/uploads/../package.json", "/uploads/avatar/x/256.webp", "/uploads/%2e%2e/%2e%2e/etc/passwd"]) {
      expect((await fetchImage(url)).res.statusCode).toBe(404);
    }
  });

  describe("POST /api/users (registro con imagen)", () => {
    const register = (who: { idToken: string }, fields: Record<string, string>, files: MultipartFile[] = []) => {
      const { body, contentType } = multipartBody(fields, files);
      return t.request({ method: "POST", url: "/api/users", headers: { ...bearer(who), "content-type": contentType }, payload: body });
    };

    it("crea el perfil con su imagen (201) y repetirlo devuelve el mismo (200)", async () => {
      const identity = await createEmulatorUser();
      const document = JSON.stringify({ name: "Con Foto", uid: identity.uid, email: identity.email, bio: "Hola" });
      const res = await register(identity, { document }, [file(photoWithExif, "image/jpeg", "yo.jpg", "fileProfileImage")]);
      expect(res.statusCode).toBe(201);
      const user = userSchema.parse(res.json().data);
      expect(user).toMatchObject({ _id: identity.uid, name: "Con Foto", bio: "Hola" });
      expect(user.profileImage).toMatch(/\/256\.webp$/);
      const again = await register(identity, { document });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.profileImage).toBe(user.profileImage);
    });

    it("funciona sin imagen y valida el documento", async () => {
      const identity = await createEmulatorUser();
      const ok = await register(identity, { document: JSON.stringify({ name: "Sin Foto", uid: identity.uid, email: identity.email }) });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.profileImage).toBeNull();

      const other = await createEmulatorUser();
      const missing = await register(other, {});
      expect(missing.json()).toEqual({ message: "Falta el campo 'document' con los datos del registro en JSON.", code: "BAD_REQUEST" });
      const notJson = await register(other, { document: "{nombre" });
      expect(notJson.json().message).toBe("El campo 'document' no es JSON válido.");
      const invalid = await register(other, { document: JSON.stringify({ name: "", uid: other.uid, email: other.email, accountType: "MASTER" }) });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues).toEqual([
        { path: ["document", "name"], message: "El nombre es obligatorio." },
        { path: ["document", "accountType"], message: "Este campo no está permitido." },
      ]);
      const foreign = await register(other, { document: JSON.stringify({ name: "X", uid: "otro", email: other.email }) });
      expect(foreign.statusCode).toBe(403);
      const badImage = await register(other, { document: JSON.stringify({ name: "X", uid: other.uid, email: other.email }) }, [file(Buffer.from("texto"), "image/png", "a.png", "fileProfileImage")]);
      expect(badImage.statusCode).toBe(415);
      expect(await t.users.findById(other.uid)).toBeNull();
    });
  });
});
