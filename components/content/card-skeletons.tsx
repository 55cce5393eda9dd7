"use client";

import { createContext, useContext } from "react";
import skeletonStyles from "@/components/ui/skeleton.module.css";
import cardStyles from "./card.module.css";
import coverStyles from "./cover.module.css";
import styles from "./card-skeletons.module.css";
import listStyles from "./list.module.css";

/** The room a list will take: as many cards as it is expected to show, laid out as it lays them. */
export type CardRoom = { count?: number; layout?: "list" | "grid" };

/**
 * The room of the section a list is drawn in (WhenNear's `room`): placeholders inside it that are
 * not told otherwise take it, so the code and the data arriving keep the room the section kept.
 */
export const SectionRoom = createContext<CardRoom>({});

/**
 * Card-shaped placeholders with the real cards' size and layout, so nothing jumps when they
 * arrive. Announced as loading; with `label={null}` only drawn, still (a place kept for content
 * not yet asked for, one element per card).
 */
export function CardSkeletons({ count, layout, label = "Cargando contenido" }: CardRoom & { label?: string | null }) {
  const room = useContext(SectionRoom);
  count ??= room.count ?? 3;
  layout ??= room.layout ?? "list";
  const layoutClass = layout === "grid" ? listStyles.grid : listStyles.list;
  const cards = Array.from({ length: count }, (_, i) => i);
  if (label === null) {
    return (
      <div className={layoutClass} aria-hidden="true">
        {cards.map((i) => (
          <div key={i} className={styles.kept} />
        ))}
      </div>
    );
  }
  return (
    <div className={layoutClass} role="progressbar" aria-busy="true" aria-label={label}>
      {cards.map((i) => (
        <div key={i} className={cardStyles.card} aria-hidden="true">
          <span className={coverStyles.thumb} style={{ height: "auto" }} />
          {/* Kicker, two lines of title, meta and a row of chips: the cards' usual height (146 px
              here against 144–195 for an event card on a phone; three lines made 122). */}
          <span style={{ display: "grid", gap: "0.5rem" }}>
            <span className={skeletonStyles.line} style={{ width: "45%" }} />
            <span className={skeletonStyles.line} style={{ width: "95%" }} />
            <span className={skeletonStyles.line} style={{ width: "70%" }} />
            <span className={skeletonStyles.line} style={{ width: "55%" }} />
            <span className={skeletonStyles.line} style={{ width: "40%", height: "1.5rem" }} />
          </span>
        </div>
      ))}
    </div>
  );
}
