// The Spanish labels of the contract's enums, from their one source (lib/schemas/labels.ts,
// zod-free so the home and the lists do not pull zod into their first load). Each enum's schema
// module types its labels as Record<Enum, string>, so a missing value is a compile error.
export { ACCESSIBILITY_FEATURE_TEXT, COMMUNITY_ROLE_TEXT, EVENT_STATUS_TEXT, PLACE_CATEGORY_TEXT, WEEKDAY_TEXT } from "@/lib/schemas/labels";
