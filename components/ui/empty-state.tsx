import type { ReactNode } from "react";

export const COMING_SOON = "Esta sección estará disponible pronto.";

/** What a list or section shows when it has nothing yet. */
export function EmptyState({ title, hint = COMING_SOON, children }: { title: string; hint?: ReactNode; children?: ReactNode }) {
  return (
    <section className="empty-state">
      <p className="empty-state__title">{title}</p>
      {hint ? <p className="empty-state__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
