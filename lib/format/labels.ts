import type { EventStatus } from "@/lib/schemas/events";
import type { PlaceCategory } from "@/lib/schemas/places";
import type { CommunityRole } from "@/lib/schemas/communities";

// Spanish labels of the contract's enums, for cards and lists. Kept here (type-only imports of
// lib/schemas) so the home and the lists do not pull zod into their first load; the types make
// a missing or renamed value a compile error.

export const EVENT_STATUS_TEXT = {
  published: "Publicado",
  cancelled: "Cancelado",
  postponed: "Pospuesto",
} as const satisfies Record<EventStatus, string>;

export const PLACE_CATEGORY_TEXT = {
  museo: "Museo",
  teatro: "Teatro",
  "centro-cultural": "Centro cultural",
  galeria: "Galería",
  biblioteca: "Biblioteca",
  plaza: "Plaza",
  parque: "Parque",
  foro: "Foro",
  cafe: "Café",
  restaurante: "Restaurante",
  bar: "Bar",
  mercado: "Mercado",
  deportivo: "Deportivo",
  otro: "Otro",
} as const satisfies Record<PlaceCategory, string>;

export const COMMUNITY_ROLE_TEXT = {
  owner: "Propietario",
  admin: "Administrador",
  member: "Miembro",
} as const satisfies Record<CommunityRole, string>;

export const WEEKDAY_TEXT = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;
