import { z } from "zod";
import { entityIdSchema } from "./content";
import { EVENT_MODES } from "./event-queries";
import { PLACE_CATEGORIES } from "./places";
import { EMBED_LAYOUTS, EMBED_LIMIT_DEFAULT, EMBED_LIMIT_MAX, EMBED_THEMES, EMBED_WHEN } from "./embed-options";
import { tagSlugSchema } from "./tags";

// The embeddable agenda (GET /api/embed/agenda): a place's, a community's, a tag's or a search's
// upcoming events in a small page made for an <iframe> on another site. The same names are the
// query of the page, the data-* attributes of the one-line script (/api/embed.js) and the
// options of the "Insertar en tu sitio" dialog.

export const embedQuerySchema = z
  .object({
    placeId: entityIdSchema.optional(),
    communityId: entityIdSchema.optional(),
    tag: tagSlugSchema.optional(),
    when: z.enum(EMBED_WHEN, { error: "Periodo no válido: usa upcoming, today, weekend o week." }).optional(),
    category: z.enum(PLACE_CATEGORIES, { error: "Categoría no válida." }).optional(),
    mode: z.enum(EVENT_MODES, { error: "Modalidad no válida: usa online o in-person." }).optional(),
    free: z.enum(["true"], { error: "free solo admite true." }).optional(),
    theme: z.enum(EMBED_THEMES, { error: "Tema no válido: usa light o dark." }).default("light"),
    layout: z.enum(EMBED_LAYOUTS, { error: "Diseño no válido: usa compact o images." }).default("compact"),
    limit: z.coerce
      .number({ error: "El número de eventos debe ser un número." })
      .int("El número de eventos debe ser entero.")
      .min(1, "Muestra al menos 1 evento.")
      .max(EMBED_LIMIT_MAX, `Muestra como mucho ${EMBED_LIMIT_MAX} eventos.`)
      .default(EMBED_LIMIT_DEFAULT),
    /** Set by /api/embed.js: the frame's id, sent back with the height so each frame gets its own. */
    frame: z.string().max(64, "El identificador del marco no es válido.").optional(),
  })
  .strict();

export type EmbedQuery = z.infer<typeof embedQuerySchema>;
