// Counts with their Spanish noun, numbers as in Mexico: "1 seguidor", "1,234 seguidores".
import { LOCALE } from "@/lib/schemas/constants";

const numberFormat = new Intl.NumberFormat(LOCALE);

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

export function formatFollowers(n: number): string {
  return formatCount(n, "seguidor", "seguidores");
}

export function formatUpcomingEvents(n: number): string {
  return formatCount(n, "evento próximo", "eventos próximos");
}

export function formatMembers(n: number): string {
  return formatCount(n, "miembro", "miembros");
}

export function formatPeople(n: number): string {
  return formatCount(n, "persona", "personas");
}
