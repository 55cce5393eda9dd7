// Spanish labels of the contract's enums: the one source, for forms, cards and lists. No zod
// here, so the home and the lists can show them without loading the schemas; each enum's module
// (events.ts, places.ts, communities.ts) checks its labels cover every value.

export const EVENT_STATUS_TEXT = {
  published: "Publicado",
  cancelled: "Cancelado",
  postponed: "Pospuesto",
} as const;

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
} as const;

export const COMMUNITY_ROLE_TEXT = {
  owner: "Propietario",
  admin: "Administrador",
  member: "Miembro",
} as const;

/** 0 = domingo … 6 = sábado, like JavaScript's getDay(). */
export const WEEKDAY_TEXT = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** Accessibility features an event or a place may declare (lib/schemas/accessibility.ts). No label
 * contains another form's label ("Título", "Descripción"): fields are found by label text. */
export const ACCESSIBILITY_FEATURE_TEXT = {
  "step-free-entrance": "Entrada sin escalones",
  "accessible-toilet": "Baño accesible para silla de ruedas",
  seating: "Asientos disponibles",
  "sign-language": "Interpretación en lengua de señas",
  "captions-audio-description": "Subtitulaje o audio descriptivo",
  "quiet-space": "Espacio tranquilo o de baja estimulación",
  "assistance-animals": "Se admiten animales de asistencia",
  "accessible-parking": "Estacionamiento accesible",
} as const;
