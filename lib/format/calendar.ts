import { cityDateKey } from "./dates";
import { addDaysToKey, toCalendarUtc } from "./city-clock";

// "Add to calendar" without an account: Google Calendar's template link. The .ics file comes
// from the API (`/api/events/{id}.ics`), which also covers series.

export interface CalendarEvent {
  title: string;
  description?: string | null;
  startsAt: string;
  endsAt?: string | null;
  allDay?: boolean;
  location?: string | null;
  url?: string | null;
}

const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

export function googleCalendarDates({ startsAt, endsAt, allDay }: CalendarEvent): string {
  if (allDay) {
    // All-day ranges end on the day after the last one (exclusive), as in iCalendar.
    const first = cityDateKey(startsAt);
    const last = endsAt ? cityDateKey(endsAt) : first;
    return `${first.replace(/-/g, "")}/${addDaysToKey(last, 1).replace(/-/g, "")}`;
  }
  const end = endsAt ?? new Date(new Date(startsAt).getTime() + DEFAULT_DURATION_MS).toISOString();
  return `${toCalendarUtc(startsAt)}/${toCalendarUtc(end)}`;
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const details = [event.description?.trim(), event.url].filter(Boolean).join("\n\n");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: googleCalendarDates(event),
    details,
    location: event.location ?? "",
    ctz: "America/Monterrey",
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
