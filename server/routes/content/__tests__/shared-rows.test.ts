import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, makePerson, type Person } from "./helpers";

// Public lists and items are read once for everyone and kept briefly (shared-rows.ts); what is
// personal is added per viewer (viewer-rows.ts). What each person must still see in the same
// list, read one after another: their own follows, what they may edit, and changes at once.

interface Seen {
  _id: string;
  following: boolean;
  followersCount: number;
  canEdit: boolean;
}

describe("lecturas públicas con sesión", () => {
  let t: TestApp;
  let owner: Person;
  let communityAdmin: Person;
  let follower: Person;
  let stranger: Person;
  let admin: Person;
  let communityId: string;
  let eventId: string;
  let list: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, communityAdmin, follower, stranger, admin] = await Promise.all([
      makePerson(t),
      makePerson(t),
      makePerson(t),
      makePerson(t),
      makePerson(t, { accountType: "ADMIN" }),
    ]);
    communityId = await createCommunity(t, owner, "Colectivo de jazz");
    expect((await as(t, owner)({ method: "POST", url: `/api/communities/${communityId}/members`, payload: { userId: communityAdmin.uid } })).statusCode).toBe(201);
    expect((await as(t, owner)({ method: "PUT", url: `/api/communities/${communityId}/members/${communityAdmin.uid}`, payload: { role: "admin" } })).statusCode).toBe(200);
    eventId = await createEvent(t, owner, { title: "Jam en el patio", communityId });
    expect((await as(t, follower)({ method: "POST", url: `/api/events/${eventId}/follow` })).statusCode).toBe(200);
    list = `/api/events?communityId=${communityId}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const inList = async (who: Person | null): Promise<Seen | undefined> => {
    const res = await as(t, who)({ url: list });
    expect(res.statusCode).toBe(200);
    return (res.json().data.items as Seen[]).find((e) => e._id === eventId);
  };
  const opened = async (who: Person | null): Promise<Seen> => {
    const res = await as(t, who)({ url: `/api/events/${eventId}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as Seen;
  };

  it("en la misma lista cada quien ve si sigue el evento y si puede editarlo", async () => {
    // Twice round: the second time every read finds the rows the first one kept.
    for (let round = 0; round < 2; round++) {
      expect(await inList(null)).toMatchObject({ following: false, canEdit: false, followersCount: 1 });
      expect(await inList(follower)).toMatchObject({ following: true, canEdit: false, followersCount: 1 });
      expect(await inList(stranger)).toMatchObject({ following: false, canEdit: false });
      // An admin of the event's community edits it; so does whoever published it, and site admins.
      expect(await inList(communityAdmin)).toMatchObject({ following: false, canEdit: true });
      expect(await inList(owner)).toMatchObject({ following: false, canEdit: true });
      expect(await inList(admin)).toMatchObject({ canEdit: true });
    }
  });

  it("al abrir el evento, igual", async () => {
    for (let round = 0; round < 2; round++) {
      expect(await opened(null)).toMatchObject({ following: false, canEdit: false, followersCount: 1 });
      expect(await opened(follower)).toMatchObject({ following: true, canEdit: false });
      expect(await opened(stranger)).toMatchObject({ following: false, canEdit: false });
      expect(await opened(communityAdmin)).toMatchObject({ canEdit: true });
    }
  });

  it("seguir y dejar de seguir se ve enseguida, en la lista y en el evento, para quien lo hizo y en el conteo de todos", async () => {
    // Everyone has read them before: what each instance keeps is warm (a follow moves only the
    // lists, the item and the follower; plugins/http-cache.ts).
    for (const who of [stranger, follower, null]) {
      await inList(who);
      await opened(who);
    }
    expect((await as(t, stranger)({ method: "POST", url: `/api/events/${eventId}/follow` })).statusCode).toBe(200);
    expect(await inList(stranger)).toMatchObject({ following: true, followersCount: 2 });
    expect(await opened(stranger)).toMatchObject({ following: true, followersCount: 2 });
    expect(await inList(null)).toMatchObject({ following: false, followersCount: 2 });
    expect(await opened(null)).toMatchObject({ following: false, followersCount: 2 });
    expect(await inList(follower)).toMatchObject({ following: true, followersCount: 2 });
    expect(await opened(follower)).toMatchObject({ following: true, followersCount: 2 });
    expect((await as(t, stranger)({ method: "POST", url: `/api/events/${eventId}/follow?unfollow=true` })).statusCode).toBe(200);
    expect(await inList(stranger)).toMatchObject({ following: false, followersCount: 1 });
  });

  it("quien deja de ser administrador de la comunidad deja de poder editar sus eventos en cuanto cambia su rol", async () => {
    expect(await inList(communityAdmin)).toMatchObject({ canEdit: true });
    expect((await as(t, owner)({ method: "PUT", url: `/api/communities/${communityId}/members/${communityAdmin.uid}`, payload: { role: "member" } })).statusCode).toBe(200);
    expect(await inList(communityAdmin)).toMatchObject({ canEdit: false });
    expect(await opened(communityAdmin)).toMatchObject({ canEdit: false });
  });

  // A guard on the flags, not on speed: how the read scales with a long history is measured in
  // bench/content-load.mjs --history.
  it("en una página de varios eventos, cada uno dice si la persona lo sigue, aunque siga otros", async () => {
    const reader = await makePerson(t);
    const otherCommunity = await createCommunity(t, owner, "Cineclub del centro");
    const onPage = [];
    for (const title of ["Función de las siete", "Función de las nueve", "Función de medianoche"]) onPage.push(await createEvent(t, owner, { title, communityId: otherCommunity }));
    // What they followed elsewhere (their history) must not mark anything on this page.
    const elsewhere = [];
    for (let i = 0; i < 4; i++) elsewhere.push(await createEvent(t, owner, { title: `Taller ${i + 1}` }));
    for (const id of [onPage[0]!, onPage[2]!, ...elsewhere]) expect((await as(t, reader)({ method: "POST", url: `/api/events/${id}/follow` })).statusCode).toBe(200);
    const page = await as(t, reader)({ url: `/api/events?communityId=${otherCommunity}` });
    expect(page.statusCode).toBe(200);
    const following = Object.fromEntries((page.json().data.items as Seen[]).map((e) => [e._id, e.following]));
    expect(following).toEqual({ [onPage[0]!]: true, [onPage[1]!]: false, [onPage[2]!]: true });
    expect(await as(t, reader)({ url: `/api/events/${onPage[1]}` }).then((r) => r.json().data.following)).toBe(false);
    expect(await as(t, reader)({ url: `/api/events/${onPage[2]}` }).then((r) => r.json().data.following)).toBe(true);
  });

  it("un evento oculto desaparece de la lista y solo lo abren quien lo publicó y la administración", async () => {
    await inList(stranger);
    await opened(stranger);
    const hide = await as(t, admin)({ method: "POST", url: `/api/events/${eventId}/moderate`, payload: { action: "hide", reason: "Revisión." } });
    expect(hide.statusCode).toBe(200);
    for (const who of [null, stranger, follower, owner]) expect(await inList(who)).toBeUndefined();
    for (const who of [null, stranger, follower]) expect((await as(t, who)({ url: `/api/events/${eventId}` })).statusCode).toBe(404);
    expect(await opened(owner)).toMatchObject({ canEdit: true });
    expect((await as(t, admin)({ url: `/api/events/${eventId}` })).statusCode).toBe(200);
  });
});
