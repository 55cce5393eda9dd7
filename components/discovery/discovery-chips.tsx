"use client";

import { useQuery } from "@tanstack/react-query";
import { tagQueries } from "@/lib/api/tags";
import { ACCESSIBILITY_FEATURE_TEXT, PLACE_CATEGORY_TEXT } from "@/lib/format/labels";
import { formatShortDay } from "@/lib/format/dates";
import { cityWallTimeToIso } from "@/lib/format/city-clock";
import { NEAR_HERE, type DiscoveryFilters } from "@/lib/schemas/discovery";
import { MODE_TEXT, WHEN_TEXT } from "./discovery-filters";
import styles from "./discovery.module.css";

export interface Chip {
  key: string;
  text: string;
  clear: Partial<DiscoveryFilters>;
}

const day = (value: string) => formatShortDay(cityWallTimeToIso(value, "12:00") ?? value);

/** One removable chip per filter set, worded as people read it. */
export function useChips(filters: DiscoveryFilters): Chip[] {
  const tags = useQuery(tagQueries.list());
  const chips: Chip[] = [];
  if (filters.when) {
    const range = filters.when === "range" && (filters.from || filters.to) ? `${filters.from ? `del ${day(filters.from)}` : ""}${filters.to ? ` al ${day(filters.to)}` : " en adelante"}`.trim() : null;
    chips.push({ key: "when", text: range ? `Fechas: ${range}` : WHEN_TEXT[filters.when], clear: { when: undefined, from: undefined, to: undefined } });
  }
  if (filters.tag) chips.push({ key: "tag", text: `Etiqueta: ${tags.data?.find((t) => t.slug === filters.tag)?.name ?? filters.tag}`, clear: { tag: undefined } });
  if (filters.category) chips.push({ key: "category", text: PLACE_CATEGORY_TEXT[filters.category], clear: { category: undefined } });
  if (filters.price !== undefined) chips.push({ key: "price", text: filters.price === "free" ? "Gratis" : `Hasta $${filters.price}`, clear: { price: undefined } });
  if (filters.mode) chips.push({ key: "mode", text: MODE_TEXT[filters.mode], clear: { mode: undefined } });
  if (filters.near) {
    chips.push({
      key: "near",
      text: `A ${filters.radius} km de ${filters.near === NEAR_HERE ? "tu ubicación" : "tu dirección"}`,
      clear: { near: undefined, lat: undefined, lng: undefined, radius: undefined },
    });
  }
  for (const feature of filters.accessibility ?? []) {
    chips.push({ key: `a11y-${feature}`, text: ACCESSIBILITY_FEATURE_TEXT[feature], clear: { accessibility: filters.accessibility!.filter((f) => f !== feature) } });
  }
  return chips;
}

/** The active filters as removable chips, and "Limpiar filtros". */
export function DiscoveryChips({ chips, update, clearAll }: { chips: Chip[]; update: (patch: Partial<DiscoveryFilters>) => void; clearAll: () => void }) {
  if (chips.length === 0) return null;
  return (
    <div className={styles.bar}>
      <ul className={styles.chips} aria-label="Filtros activos">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.chip} aria-label={`Quitar filtro: ${chip.text}`} onClick={() => update(chip.clear)}>
              {chip.text} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost" onClick={clearAll}>
        Limpiar filtros
      </button>
    </div>
  );
}
