import { z } from "zod";
import { ACCESSIBILITY_FEATURE_TEXT } from "./labels";
import { optionalText } from "./content";

// Accessibility that events and places declare, modelled once for both kinds: a set of known
// features (so they can be shown with icons, filtered and given to schema.org) plus the
// free-text note that both kinds already had (`accessibility`), kept under its old name so
// payloads written before the features existed keep working unchanged.

export const ACCESSIBILITY_FEATURES = [
  "step-free-entrance",
  "accessible-toilet",
  "seating",
  "sign-language",
  "captions-audio-description",
  "quiet-space",
  "assistance-animals",
  "accessible-parking",
] as const;
export type AccessibilityFeature = (typeof ACCESSIBILITY_FEATURES)[number];

export const ACCESSIBILITY_FEATURE_LABELS: Record<AccessibilityFeature, string> = ACCESSIBILITY_FEATURE_TEXT;
export const ACCESSIBILITY_NOTE_MAX = 1000;

/** What a payload may send: any of the known features, each once; stored in the list's order. */
export const accessibilityFeaturesSchema = z
  .array(
    z.enum(ACCESSIBILITY_FEATURES, { error: `Cada característica de accesibilidad debe ser una de: ${ACCESSIBILITY_FEATURES.join(", ")}.` }),
    { error: "Las características de accesibilidad deben ser una lista." },
  )
  .refine((features) => new Set(features).size === features.length, "Indica cada característica de accesibilidad una sola vez.")
  .transform((features) => ACCESSIBILITY_FEATURES.filter((f) => features.includes(f)));

/** The payload fields of an event or a place (both optional on create and update). */
export const accessibilityPayloadFields = {
  accessibilityFeatures: accessibilityFeaturesSchema.optional(),
  accessibility: optionalText("La información de accesibilidad", ACCESSIBILITY_NOTE_MAX),
};

/** The answer fields of an event or a place; no features declared is an empty list. */
export const accessibilityFields = {
  accessibilityFeatures: z.array(z.enum(ACCESSIBILITY_FEATURES)),
  accessibility: z.string().nullable(),
};
export type Accessibility = { accessibilityFeatures: AccessibilityFeature[]; accessibility: string | null };
