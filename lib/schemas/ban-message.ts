import { formatCityDateTime } from "./city-time";

// The one wording of a suspension, said by the server (403 BANNED) and by the app when it signs a
// suspended person out. The end is written in the city's zone, whatever the server's or the
// device's zone is, so both say the same hour.

/** "Tu cuenta está suspendida hasta el … Motivo: …", one period after the date even when it ends in "p.m.". */
export function banMessage(ban: { endDate: string | Date | null; reason: string | null }): string {
  const reason = ban.reason ?? "sin especificar";
  const end = ban.endDate === null ? null : new Date(ban.endDate);
  if (end === null || Number.isNaN(end.getTime())) return `Tu cuenta está suspendida. Motivo: ${reason}`;
  const until = formatCityDateTime(end);
  return `Tu cuenta está suspendida hasta el ${until}${until.endsWith(".") ? "" : "."} Motivo: ${reason}`;
}
