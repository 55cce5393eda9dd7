import type { AccessibilityFeature } from "@/lib/schemas/accessibility";
import type { Event, EventPayload, EventUpdatePayload } from "@/lib/schemas/events";
import { cityWallTimeToIso, isoToCityInputs } from "@/lib/format/city-clock";
import type { FieldErrors } from "@/components/content/form-errors";

// The event form's state, and how it becomes the API payload.

export type LocationMode = "place" | "address" | "online";
export type Repeat = "none" | "weekly" | "monthly" | "dates";

export interface State {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: Repeat;
  interval: string;
  until: string;
  extraDates: { date: string; time: string }[];
  mode: LocationMode;
  placeId: string;
  address: string;
  onlineUrl: string;
  alsoOnline: boolean;
  priceType: "free" | "paid";
  priceAmount: string;
  priceNote: string;
  capacity: string;
  tags: string[];
  accessibility: string;
  accessibilityFeatures: AccessibilityFeature[];
  communityId: string;
  status: Event["status"];
  statusNote: string;
  scope: "occurrence" | "following";
}

export function initialState(event?: Event): State {
  const start = event ? isoToCityInputs(event.startsAt) : { date: "", time: "19:00" };
  const end = event?.endsAt ? isoToCityInputs(event.endsAt) : { date: "", time: "" };
  return {
    title: event?.title ?? "",
    description: event?.description ?? "",
    allDay: event?.allDay ?? false,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    repeat: "none",
    interval: "1",
    until: "",
    extraDates: [],
    mode: event ? (event.place ? "place" : event.address ? "address" : event.onlineUrl ? "online" : "place") : "place",
    placeId: event?.place?._id ?? "",
    address: event?.address ?? "",
    onlineUrl: event?.onlineUrl ?? "",
    alsoOnline: Boolean(event?.onlineUrl && (event.place || event.address)),
    priceType: event?.priceType ?? "free",
    priceAmount: event?.priceAmount != null ? String(event.priceAmount) : "",
    priceNote: event?.priceNote ?? "",
    capacity: event?.capacity != null ? String(event.capacity) : "",
    tags: event?.tags.map((t) => t.slug) ?? [],
    accessibility: event?.accessibility ?? "",
    accessibilityFeatures: event?.accessibilityFeatures ?? [],
    communityId: event?.community?._id ?? "",
    status: event?.status ?? "published",
    statusNote: event?.statusNote ?? "",
    scope: "occurrence",
  };
}

function numberOrNull(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text.replace(",", "."));
  return Number.isNaN(n) ? NaN : n;
}

/** The form's state as the API payload (what the server's schema validates). */
export function toPayload(s: State): { payload: EventPayload & EventUpdatePayload; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!s.startDate) errors.startsAt = "Indica la fecha de inicio.";
  if (!s.allDay && !s.startTime) errors.startsAt = "Indica la hora de inicio.";
  const startsAt = s.startDate ? cityWallTimeToIso(s.startDate, s.allDay ? "00:00" : s.startTime || "00:00") : null;
  let endsAt: string | null = null;
  if (s.endDate || s.endTime) {
    const endDate = s.endDate || s.startDate;
    endsAt = endDate ? cityWallTimeToIso(endDate, s.allDay ? "23:59" : s.endTime || "23:59") : null;
  }
  const online = s.mode === "online" || s.alsoOnline ? s.onlineUrl.trim() || null : null;
  const payload: EventPayload & EventUpdatePayload = {
    title: s.title,
    description: s.description,
    startsAt: startsAt ?? "",
    endsAt,
    allDay: s.allDay,
    timeZone: "America/Monterrey",
    placeId: s.mode === "place" ? s.placeId || null : null,
    address: s.mode === "address" ? s.address : null,
    onlineUrl: online,
    priceType: s.priceType,
    priceAmount: s.priceType === "paid" ? (numberOrNull(s.priceAmount) as number | null) : null,
    priceNote: s.priceNote,
    capacity: numberOrNull(s.capacity) as number | null,
    accessibility: s.accessibility,
    accessibilityFeatures: s.accessibilityFeatures,
    communityId: s.communityId || null,
    tags: s.tags,
  };
  if (s.repeat !== "none") {
    payload.recurrence = {
      rule: s.repeat,
      ...(s.repeat !== "dates" ? { interval: Number(s.interval) || 1, until: s.until || null } : {}),
      ...(s.repeat === "dates"
        ? { dates: s.extraDates.filter((d) => d.date).map((d) => cityWallTimeToIso(d.date, s.allDay ? "00:00" : d.time || s.startTime || "00:00") ?? "") }
        : {}),
    };
  }
  return { payload, errors };
}

/** Errors are shown where the person fixes them. */
export function fieldKey(key: string): string {
  if (key === "lat" || key === "lng") return "placeId";
  if (key.startsWith("recurrence.dates")) return "recurrence.dates";
  return key;
}

/** What each section of the form receives: the state, a setter and the errors by field. */
export interface SectionProps {
  s: State;
  set: <K extends keyof State>(key: K, value: State[K]) => void;
  err: (key: string) => string | null;
}
