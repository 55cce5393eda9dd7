import { randomUUID } from "node:crypto";
import type { Address } from "../../../lib/schemas/addresses";
import type { Queryable } from "../../db/client";
import { toIso } from "../content/sql";

// The only SQL of a user's saved addresses.

export interface AddressRow {
  id: string;
  user_id: string;
  label: string;
  street: string;
  number: string | null;
  neighbourhood: string | null;
  city: string;
  state: string;
  postal_code: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
  created_at: unknown;
  updated_at: unknown;
}

export interface AddressWrite {
  label: string;
  street: string;
  number: string | null;
  neighbourhood: string | null;
  city: string;
  state: string;
  postalCode: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
}

const COLUMNS = "id, user_id, label, street, number, neighbourhood, city, state, postal_code, country, lat, lng, created_at, updated_at";

export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    label: row.label,
    street: row.street,
    number: row.number,
    neighbourhood: row.neighbourhood,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function createAddressesRepository(db: Queryable) {
  return {
    async listOf(userId: string): Promise<AddressRow[]> {
      return db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
    },

    async find(id: string, userId: string): Promise<AddressRow | null> {
      const rows = await db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, userId]);
      return rows[0] ?? null;
    },

    async count(userId: string): Promise<number> {
      // Locks the user's row so two simultaneous creates cannot both pass the limit.
      await db.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userId]);
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1", [userId]);
      return rows[0]?.n ?? 0;
    },

    async create(userId: string, input: AddressWrite): Promise<string> {
      const id = randomUUID();
      await db.query(
        `INSERT INTO addresses (id, user_id, label, street, number, neighbourhood, city, state, postal_code, country, lat, lng)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [id, userId, input.label, input.street, input.number, input.neighbourhood, input.city, input.state, input.postalCode, input.country, input.lat, input.lng],
      );
      return id;
    },

    async update(id: string, input: AddressWrite): Promise<void> {
      await db.query(
        `UPDATE addresses SET label = $2, street = $3, number = $4, neighbourhood = $5, city = $6, state = $7, postal_code = $8,
           country = $9, lat = $10, lng = $11, updated_at = now() WHERE id = $1`,
        [id, input.label, input.street, input.number, input.neighbourhood, input.city, input.state, input.postalCode, input.country, input.lat, input.lng],
      );
    },

    async remove(id: string, userId: string): Promise<boolean> {
      const rows = await db.query("DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id", [id, userId]);
      return rows.length > 0;
    },
  };
}

/** The user's addresses in the wire shape, for `addresses` in my-data (users module). */
export async function addressesOf(db: Queryable, userId: string): Promise<Address[]> {
  return (await createAddressesRepository(db).listOf(userId)).map(toAddress);
}
