import type { ContentKind } from "../../../lib/schemas/content";

/**
 * How to find an item's cover by kind, filled by each content resource and read by the static
 * pages (plugins/static.ts). A lookup answers only for an item everyone may see (not hidden, not
 * scheduled for later), and null for an id that is malformed or unknown: what an anonymous
 * `GET /api/<kind>/{id}` would show.
 */
export type PublicCovers = Map<ContentKind, (id: string) => Promise<string | null>>;
