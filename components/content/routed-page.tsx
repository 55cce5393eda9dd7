"use client";

import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A page of a dynamic route (`/events/{eventId}` …) whose feature has not arrived yet: its
 * title and the id taken from the URL, e.g. "Evento 42".
 */
export function RoutedPage({
  route,
  title,
  label,
  empty,
}: {
  route: DynamicRoute;
  title: string;
  /** Names the item before its id. */
  label: string;
  empty: string;
}) {
  const id = useRouteId(route);
  return (
    <>
      <PageHeader title={title} />
      {id === null ? (
        <Skeleton lines={2} />
      ) : (
        <>
          <p className="route-id">
            {label} <span data-testid="route-id">{id}</span>
          </p>
          <EmptyState title={empty} />
        </>
      )}
    </>
  );
}
