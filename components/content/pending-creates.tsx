"use client";

import { useMutationState } from "@tanstack/react-query";
import { createMutationKey, type CreateVariables, type FollowKind } from "@/lib/api/content";
import styles from "./pending-creates.module.css";

/** Creates made offline that wait for the connection (they survive a reload). */
export function PendingCreates({ kind, label, describe }: { kind: FollowKind; label: string; describe: (payload: Record<string, unknown>) => string }) {
  const pending = useMutationState({
    filters: { mutationKey: createMutationKey(kind), status: "pending" },
    select: (m) => ({ variables: m.state.variables as CreateVariables<Record<string, unknown>> | undefined, paused: m.state.isPaused }),
  });
  if (pending.length === 0) return null;
  return (
    <section className={styles.pending} aria-label={label}>
      <p style={{ margin: 0, fontWeight: 700 }}>Por publicar cuando vuelvas a tener conexión:</p>
      <ul>
        {pending.map((p, i) => (
          <li key={p.variables?.idempotencyKey ?? i}>
            {p.variables ? describe(p.variables.payload) : "…"}
            {p.paused ? " (en espera)" : " (enviando...)"}
          </li>
        ))}
      </ul>
    </section>
  );
}
