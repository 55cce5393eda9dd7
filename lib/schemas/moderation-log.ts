import { z } from "zod";
import { CONTENT_KINDS } from "./content";
import { pageQuerySchema } from "./pagination";

// The public moderation log: what the moderators hid, showed again or deleted, and why. It names
// the item as it was called then, never who moderated or who reported it.

export const PUBLIC_MODERATION_ACTIONS = ["hide", "unhide", "delete"] as const;

export const moderationLogEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  /** The item's title or name when it was moderated. */
  label: z.string().nullable(),
  action: z.enum(PUBLIC_MODERATION_ACTIONS),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogQuerySchema = pageQuerySchema.strict();
