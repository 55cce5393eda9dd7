import { z } from "zod";

// The personal calendar feed: an unguessable URL calendar apps subscribe to (they cannot send a
// bearer token), listing the events the user follows. Rotating it revokes the old URL.

export const calendarFeedSchema = z.object({
  /** Absolute https/http URL of the .ics feed. */
  url: z.string(),
  /** webcal:// form, which opens the subscription dialog of calendar apps. */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
