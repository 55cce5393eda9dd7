import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody } from "../../../test/multipart";
import { IMAGES_BUSY_MESSAGE, TOO_MANY_PIXELS_MESSAGE } from "../../../storage/images";

// The limits that keep image decoding from eating the server: pixel bombs refused from the
// header, a bounded line of images waiting to be processed (503 + Retry-After beyond it), and
// ordinary photos still going through.

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c84" } }).png({ compressionLevel: 9 }).toBuffer();

describe("límites de las imágenes", () => {
  let t: TestApp;
  let person: TestPerson;

  beforeAll(async () => {
    // One image at a time and one waiting, so a small burst already fills the line.
    t = await createTestApp({ env: { IMAGE_CONCURRENCY: "1", IMAGE_QUEUE_MAX: "1" } });
    person = await registeredUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (data: Buffer) => {
    const form = multipartBody({}, [{ field: "file", filename: "foto.png", contentType: "image/png", data }]);
    return t.request({ method: "PUT", url: "/api/users/profile-image", headers: { ...bearer(person), "content-type": form.contentType }, payload: form.body });
  };

  it("rechaza una bomba de píxeles (7000×7000) con 413 leyendo solo la cabecera, sin decodificarla", async () => {
    const bomb = await flatPng(7000, 7000);
    // Only the first 64 bytes (signature and IHDR): decoding would fail as a broken file (415),
    // so a 413 shows the refusal came from the header alone.
    const started = Date.now();
    const res = await upload(bomb.subarray(0, 64));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: TOO_MANY_PIXELS_MESSAGE, code: "PAYLOAD_TOO_LARGE" });
    expect(Date.now() - started).toBeLessThan(1000);

    const whole = await upload(bomb);
    expect(whole.statusCode).toBe(413);
    expect(whole.json().message).toBe(TOO_MANY_PIXELS_MESSAGE);
  });

  it("sigue aceptando fotos normales y grandes bajo el límite", async () => {
    const res = await upload(await flatPng(4032, 3024));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data.profileImageSizes).sort()).toEqual(["256", "512", "96"]);
  });

  it("con la fila llena responde 503 con Retry-After y un mensaje en español, y luego vuelve a aceptar", async () => {
    // 36 MP, under the limit: long enough to process that the burst finds the line full.
    const large = await flatPng(6000, 6000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(large)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy.length + statuses.filter((s) => s === 200).length).toBe(6);
    for (const res of busy) {
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({ message: IMAGES_BUSY_MESSAGE, code: "SERVICE_BUSY" });
    }
    // Once the line has drained, the next upload goes through.
    expect((await upload(await flatPng(800, 600))).statusCode).toBe(200);
  });
});
