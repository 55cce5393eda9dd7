// Prices in Mexican pesos, as a ticket would print them: "Gratis", "$150 MXN", "$99.50 MXN".
import { LOCALE } from "@/lib/schemas/constants";

const amountFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const FREE_LABEL = "Gratis";

export function formatPesos(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const text = Number.isInteger(rounded) ? amountFormat.format(rounded) : new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rounded);
  return `$${text} MXN`;
}

/** The price of an event: free, or an amount (string or number on the wire). */
export function formatPrice(price: { type: "free" | "paid"; amount?: number | string | null } | null | undefined): string {
  if (!price || price.type === "free") return FREE_LABEL;
  const amount = typeof price.amount === "string" ? Number(price.amount) : price.amount;
  if (amount === null || amount === undefined || Number.isNaN(amount)) return "Con costo";
  if (amount === 0) return FREE_LABEL;
  return formatPesos(amount);
}
