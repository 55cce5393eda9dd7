import styles from "./skeleton.module.css";

/** Placeholder lines while content loads; hidden from assistive tech, which gets `label`. */
export function Skeleton({ lines = 2, label = "Cargando contenido" }: { lines?: number; label?: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label={label} role="progressbar">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}
