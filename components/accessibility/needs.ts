import type { AccessibilityFeature } from "@/lib/schemas/accessibility";

// "Accesible para ti": an event meets a person's needs when it declares every one of them.
// Nothing declared as needed flags nothing (the badge would then say nothing about the event).

export function meetsNeeds(needs: readonly AccessibilityFeature[] | undefined, features: readonly AccessibilityFeature[] | undefined): boolean {
  if (!needs || needs.length === 0) return false;
  const declared = new Set(features ?? []);
  return needs.every((need) => declared.has(need));
}
