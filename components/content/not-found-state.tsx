import Link from "@/components/ui/link";
import { EmptyState } from "@/components/ui/empty-state";

/** An item that does not exist (or is hidden), or cannot be loaded offline. */
export function NotFoundState({ title, hint }: { title: string; hint?: string }) {
  return (
    <EmptyState title={title} hint={hint ?? null}>
      <p style={{ margin: "0.75rem 0 0" }}>
        <Link href="/">Volver al inicio</Link>
      </p>
    </EmptyState>
  );
}
