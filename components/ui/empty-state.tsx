import type { ReactNode } from "react";
import styles from "./empty-state.module.css";

export const COMING_SOON = "Esta sección estará disponible pronto.";

/** What a list or section shows when it has nothing yet. */
export function EmptyState({ title, hint = COMING_SOON, children }: { title: string; hint?: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.state}>
      <p className={styles.title}>{title}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {children}
    </section>
  );
}
