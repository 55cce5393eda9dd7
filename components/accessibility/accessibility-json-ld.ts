import type { Accessibility, AccessibilityFeature } from "@/lib/schemas/accessibility";
import { ACCESSIBILITY_FEATURE_TEXT } from "@/lib/format/labels";

// Declared accessibility as schema.org terms. `accessibilityFeature` takes the schema.org/W3C
// accessibility vocabulary, which names only media features (sign language, captions, audio
// description); every declared feature also goes to the venue as an `amenityFeature`
// (LocationFeatureSpecification), the way schema.org describes what a place offers.

const VOCABULARY: Partial<Record<AccessibilityFeature, string[]>> = {
  "sign-language": ["signLanguage"],
  "captions-audio-description": ["captions", "audioDescription"],
};

/** `accessibilityFeature` and `accessibilitySummary` of the item, or nothing when none apply. */
export function accessibilityJsonLd(item: Accessibility): Record<string, unknown> {
  const terms = (item.accessibilityFeatures ?? []).flatMap((feature) => VOCABULARY[feature] ?? []);
  return {
    ...(terms.length > 0 ? { accessibilityFeature: terms } : {}),
    ...(item.accessibility ? { accessibilitySummary: item.accessibility } : {}),
  };
}

/** `amenityFeature` for the venue: one LocationFeatureSpecification per declared feature. */
export function amenityFeatureJsonLd(item: Accessibility): Record<string, unknown> {
  const features = item.accessibilityFeatures ?? [];
  if (features.length === 0) return {};
  return {
    amenityFeature: features.map((feature) => ({ "@type": "LocationFeatureSpecification", name: ACCESSIBILITY_FEATURE_TEXT[feature], value: true })),
  };
}
