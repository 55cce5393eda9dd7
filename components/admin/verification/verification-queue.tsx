"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { adminQueries } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { AdminUserRow } from "@/components/admin/users/admin-user-row";
import { ModerationActions } from "@/components/admin/users/moderation-actions";
import userList from "@/components/ui/user-list.module.css";


/** The pending verification requests, oldest first: approve, or reject with a reason. */
export function VerificationQueue({ limit }: { limit?: number }) {
  const query = useInfiniteQuery(adminQueries.queue());
  const all = query.data?.pages.flatMap((page) => page.items) ?? [];
  // An answered request leaves the queue at once (the cache edit clears `sent`).
  const pending = all.filter((user) => user.requestingVerification.sent);
  const shown = limit ? pending.slice(0, limit) : pending;

  if (query.isPending) return <Skeleton lines={3} label="Cargando solicitudes" />;
  if (query.isError && all.length === 0) return <FormAlert message={errorMessage(query.error)} />;
  if (pending.length === 0) return <EmptyState title="No hay solicitudes de verificación pendientes." hint={null} />;
  return (
    <>
      <ul className={userList.list} aria-label="Solicitudes de verificación">
        {shown.map((user) => (
          <AdminUserRow key={user._id} user={user}>
            <ModerationActions user={user} only={["verify", "reject"]} />
          </AdminUserRow>
        ))}
      </ul>
      {!limit && query.hasNextPage ? (
        <div className="actions">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Cargando..." : "Cargar más"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
