import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, verifyEmailThroughLink } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";
import type { RequestOptions } from "../../../test/http";
import { createCommunity, createEvent, daysFromNow, makePerson, type Person } from "./helpers";

// docs/authorization.md#unverified-email: an account whose email is not verified may not publish,
// and may do everything else. The table in the document is the source: a row without a request
// here (or the reverse) fails.

const DOC = path.join(__dirname, "../../../../docs/authorization.md");

function readTable(): { call: string; before: number; after: number }[] {
  const markdown = fs.readFileSync(DOC, "utf8");
  const section = markdown.slice(markdown.indexOf("## Unverified email"), markdown.indexOf("### The server's copy of the email"));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [call, before, after] = line.split("|").slice(1, -1).map((cell) => cell.trim());
      return { call: call!.replace(/`/g, ""), before: Number(before), after: Number(after) };
    });
}

let counter = 0;
const unique = (text: string) => `${text} ${++counter}`;

interface World {
  t: TestApp;
  other: Person;
  eventId: string;
  communityId: string;
}

const REQUESTS: Record<string, (w: World) => RequestOptions> = {
  "POST /events": () => ({ method: "POST", url: "/api/events", payload: { title: unique("Taller abierto"), startsAt: daysFromNow(5), address: "Plaza de Armas" } }),
  "POST /places": () => ({
    method: "POST",
    url: "/api/places",
    payload: { name: unique("Galería"), category: "cafe", address: { street: "Calle Allende", city: "Saltillo", state: "Coahuila" } },
  }),
  "POST /news": () => ({ method: "POST", url: "/api/news", payload: { title: unique("Crónica"), body: "Texto de la crónica." } }),
  "POST /communities": () => ({ method: "POST", url: "/api/communities", payload: { name: unique("Colectivo nuevo") } }),
  "GET /users/my-data": () => ({ url: "/api/users/my-data" }),
  "PUT /users/my-data": () => ({ method: "PUT", url: "/api/users/my-data", payload: { bio: unique("Vecina del centro") } }),
  "POST /users/follow/{user}/user": (w) => ({ method: "POST", url: `/api/users/follow/${w.other.uid}/user` }),
  "POST /events/{event}/follow": (w) => ({ method: "POST", url: `/api/events/${w.eventId}/follow` }),
  "POST /communities/{community}/join": (w) => ({ method: "POST", url: `/api/communities/${w.communityId}/join` }),
  "POST /addresses": () => ({ method: "POST", url: "/api/addresses", payload: { label: unique("Casa"), street: "Calle Victoria", city: "Saltillo", state: "Coahuila" } }),
  "POST /users/requestVerification": () => ({ method: "POST", url: "/api/users/requestVerification", payload: { type: "artista" } }),
};

describe("correo sin verificar: no publica, todo lo demás sí", () => {
  let world: World;
  let person: Person;
  const rows = readTable();

  beforeAll(async () => {
    const t = await createTestApp();
    const other = await makePerson(t);
    world = { t, other, eventId: await createEvent(t, other), communityId: await createCommunity(t, other, unique("Comunidad abierta")) };
    // Without the badge either: asking for it is one of the things still allowed.
    person = await makePerson(t, { emailVerified: false, verified: false });
  });
  afterAll(async () => {
    await world.t.close();
  });

  it("la tabla del documento y las peticiones de la prueba son las mismas", () => {
    expect(rows.map((row) => row.call).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it("antes de seguir el enlace: publicar es 403 con un mensaje que dice qué hacer; lo demás funciona", async () => {
    for (const row of rows) {
      const res = await world.t.request({ ...REQUESTS[row.call]!(world), headers: bearer(person) });
      expect({ call: row.call, status: res.statusCode }).toEqual({ call: row.call, status: row.before });
      if (row.before === 403) {
        expect(res.json()).toEqual({
          code: "EMAIL_NOT_VERIFIED",
          message: "Verifica tu correo para publicar: abre el enlace que te enviamos o pide otro con «Reenviar correo» en el aviso de verificación.",
        });
      }
    }
    // Nothing was published on the way.
    const mine = await world.t.request({ url: "/api/events/mine", headers: bearer(person) });
    expect(mine.json().data.items).toEqual([]);
  });

  it("después de seguir el enlace, con un token nuevo, publica; el token de antes sigue rechazado", async () => {
    const fresh = await verifyEmailThroughLink(person);
    const verified = { ...person, idToken: fresh.idToken };
    for (const row of rows) {
      const res = await world.t.request({ ...REQUESTS[row.call]!(world), headers: bearer(verified) });
      expect({ call: row.call, status: res.statusCode }).toEqual({ call: row.call, status: row.after });
    }
    // The claim lives in the token: the one issued before the verification still says false.
    const stale = await world.t.request({ ...REQUESTS["POST /events"]!(world), headers: bearer(person) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("una suspensión se dice antes que el correo: el motivo importa más", async () => {
    const banned = await makePerson(world.t, { emailVerified: false, banned: true });
    const res = await world.t.request({ ...REQUESTS["POST /events"]!(world), headers: bearer(banned) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("BANNED");
  });
});
