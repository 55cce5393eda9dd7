"use client";

import Link from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { adminQueries, type PanelCount } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { VerificationQueue } from "@/components/admin/verification/verification-queue";
import styles from "./panel.module.css";

function shown({ count, more }: PanelCount): string {
  return more ? `${count}+` : String(count);
}

/** /panel/home (docs/product.md#routes): the counts that matter and the pending verification requests. */
export function PanelHome() {
  const counts = useQuery(adminQueries.counts());
  const stats = counts.data
    ? [
        { label: "Usuarios", value: counts.data.users, href: "/panel/users/" },
        { label: "Administradores", value: counts.data.admins, href: "/panel/users/" },
        { label: "Cuentas verificadas", value: counts.data.verified, href: "/panel/users/" },
        { label: "Cuentas suspendidas", value: counts.data.banned, href: "/panel/users/" },
        { label: "Solicitudes pendientes", value: counts.data.pending, href: "/panel/users/verify/" },
      ]
    : [];
  return (
    <div className="stack">
      <section aria-labelledby="panel-counts" className={styles.section}>
        <h2 id="panel-counts">Resumen</h2>
        {counts.isPending ? (
          <Skeleton lines={2} label="Cargando el resumen" />
        ) : counts.isError ? (
          <FormAlert message={errorMessage(counts.error)} />
        ) : (
          <ul className={styles.stats}>
            {stats.map((stat) => (
              <li key={stat.label} className="card">
                <Link href={stat.href} className={styles.stat}>
                  <span className={styles.statValue}>{shown(stat.value)}</span>
                  <span>{stat.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="panel-queue" className={styles.section}>
        <h2 id="panel-queue">Solicitudes de verificación</h2>
        <VerificationQueue limit={5} />
        <p>
          <Link href="/panel/users/verify/">Ver todas las solicitudes</Link>
        </p>
      </section>
    </div>
  );
}
