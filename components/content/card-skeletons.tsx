import skeletonStyles from "@/components/ui/skeleton.module.css";
import cardStyles from "./card.module.css";
import coverStyles from "./cover.module.css";
import listStyles from "./list.module.css";

/**
 * Card-shaped placeholders with the real cards' size, so nothing jumps when they arrive. Announced
 * as loading; with `label={null}` only drawn (a place kept for content not yet asked for).
 */
export function CardSkeletons({ count = 3, label = "Cargando contenido" }: { count?: number; label?: string | null }) {
  const semantics = label === null ? { "aria-hidden": true } : { role: "progressbar", "aria-busy": true, "aria-label": label };
  return (
    <div className={label === null ? `${listStyles.list} ${skeletonStyles.still}` : listStyles.list} {...semantics}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cardStyles.card} aria-hidden="true">
          <span className={coverStyles.thumb} style={{ height: "auto" }} />
          <span style={{ display: "grid", gap: "0.5rem" }}>
            <span className={skeletonStyles.line} />
            <span className={skeletonStyles.line} style={{ width: "80%" }} />
            <span className={skeletonStyles.line} style={{ width: "50%" }} />
          </span>
        </div>
      ))}
    </div>
  );
}
