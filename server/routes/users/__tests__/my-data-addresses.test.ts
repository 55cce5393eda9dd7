import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { userSchema, initialDataSchema } from "../../../../lib/schemas/users";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, makePerson } from "../../content/__tests__/helpers";

// my-data carries the person's saved addresses (the contract's `addresses: list of items with _id`);
// they are private, so nobody else's view of the profile carries them.

describe("direcciones en los datos del usuario", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /users/my-data y los datos iniciales traen las direcciones guardadas; el perfil visto por otra persona no", async () => {
    const ana = await makePerson(t);
    const save = (label: string) =>
      as(t, ana)({
        method: "POST",
        url: "/api/addresses",
        payload: { label, street: "Calle Hidalgo", number: "305", city: "Saltillo", state: "Coahuila", postalCode: "25000", lat: 25.42, lng: -101.0 },
      });
    const casa = (await save("Casa")).json().data;
    const trabajo = (await save("Trabajo")).json().data;

    const mine = userSchema.parse((await as(t, ana)({ url: "/api/users/my-data" })).json().data);
    expect(mine.addresses.map((a) => [a._id, a.label])).toEqual([
      [casa._id, "Casa"],
      [trabajo._id, "Trabajo"],
    ]);
    expect(mine.addresses[0]).toMatchObject({ street: "Calle Hidalgo", number: "305", city: "Saltillo", lat: 25.42, lng: -101 });

    const initial = initialDataSchema.parse((await as(t, ana)({ url: "/api/users/initial-data" })).json().data);
    expect(initial.user?.addresses.map((a) => a._id)).toEqual([casa._id, trabajo._id]);

    // Editing one's profile answers the same profile, addresses included.
    const edited = await as(t, ana)({ method: "PUT", url: "/api/users/my-data", payload: { name: "Ana Editada" } });
    expect(edited.json().data.addresses.map((a: { _id: string }) => a._id)).toEqual([casa._id, trabajo._id]);

    const beto = await makePerson(t);
    const seen = (await as(t, beto)({ url: `/api/users/${mine._id}` })).json().data;
    expect(seen.addresses).toEqual([]);

    await as(t, ana)({ method: "DELETE", url: `/api/addresses/${casa._id}` });
    const after = userSchema.parse((await as(t, ana)({ url: "/api/users/my-data" })).json().data);
    expect(after.addresses.map((a) => a._id)).toEqual([trabajo._id]);
  });

  it("las direcciones van de la más vieja a la más nueva, no por su id ni por su lugar en la tabla", async () => {
    const ana = await makePerson(t);
    // Stored in id order, each older than the one before (restored, or moved by a VACUUM FULL):
    // by id or by place in the table they would come reversed.
    const ids = ["dir-a", "dir-b", "dir-c"];
    for (const [k, id] of ids.entries()) {
      await t.database.query(
        "INSERT INTO addresses (id, user_id, label, street, city, state, created_at) VALUES ($1, $2, $3, 'Calle Hidalgo', 'Saltillo', 'Coahuila', now() - make_interval(hours => $4))",
        [id, ana.uid, `Dirección ${k}`, k],
      );
    }
    const mine = userSchema.parse((await as(t, ana)({ url: "/api/users/my-data" })).json().data);
    expect(mine.addresses.map((a) => a._id)).toEqual([...ids].reverse());
  });
});
