import styles from "./content.module.css";

/** Card-shaped placeholders with the real cards' size, so nothing jumps when they arrive. */
export function CardSkeletons({ count = 3, label = "Cargando contenido" }: { count?: number; label?: string }) {
  return (
    <div className={styles.list} role="progressbar" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card} aria-hidden="true">
          <span className={`${styles.thumb} skeleton__line`} style={{ height: "auto" }} />
          <span style={{ display: "grid", gap: "0.5rem" }}>
            <span className="skeleton__line" />
            <span className="skeleton__line" style={{ width: "80%" }} />
            <span className="skeleton__line" style={{ width: "50%" }} />
          </span>
        </div>
      ))}
    </div>
  );
}
