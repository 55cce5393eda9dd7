"use client";

import { useEffect, useRef, type ReactNode } from "react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/api/errors";
import { flattenPages } from "@/lib/api/content";
import { useFirstArrival } from "@/lib/hooks/use-first-arrival";
import type { Page } from "@/lib/schemas/cursor";
import { LOCALE } from "@/lib/schemas/constants";
import { CardSkeletons } from "./card-skeletons";
import styles from "./list.module.css";

/**
 * A cursor-paginated list: skeletons while the first page loads, an empty state, the items,
 * and the next page when the end scrolls into view, with a 'Cargar más' button for when the
 * observer is unavailable or the person prefers to ask.
 */
export function InfiniteList<T extends { _id: string }>({
  query,
  renderItem,
  empty,
  emptyHint,
  label,
  layout = "list",
  paginate = true,
  autoLoad = true,
  skeletons,
  nextSkeletons = 0,
  end,
  offlineHint = "Esta lista se cargará cuando vuelvas a tener conexión.",
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  empty: string;
  emptyHint?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  layout?: "list" | "grid";
  /** False shows the first page only (home sections). */
  paginate?: boolean;
  /** False loads further pages only from the button (sections with more below them). */
  autoLoad?: boolean;
  /** Placeholders while loading: as many as the items expected, so nothing shifts (by default,
   * the room of the section it is drawn in, or 3). */
  skeletons?: number;
  /** Placeholders under the list while the next page loads (none by default). */
  nextSkeletons?: number;
  /** Said after the last item once every page is loaded. */
  end?: ReactNode;
  /** Hint when offline with nothing cached. */
  offlineHint?: string;
}) {
  const { isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  // The skeletons stay until the first page has been built in slices (useFirstArrival).
  const { data, settling } = useFirstArrival(query.data);
  const drawn = data !== undefined;
  const sentinel = useRef<HTMLDivElement>(null);
  const items = paginate ? flattenPages(data) : flattenPages(data ? { ...data, pages: data.pages.slice(0, 1) } : undefined);

  // `drawn` too: the sentinel only exists once the cards are drawn, a render after the one in
  // which `hasNextPage` first turns true.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !paginate || !autoLoad || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [drawn, paginate, autoLoad, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isPending || settling) {
    // Offline with nothing cached, the query waits paused: say so instead of loading forever.
    if (isPending && query.fetchStatus === "paused") return <EmptyState title="Sin conexión" hint={offlineHint} />;
    return <CardSkeletons count={skeletons} layout={layout} label={`Cargando ${label.toLocaleLowerCase(LOCALE)}`} />;
  }
  if (isError && items.length === 0) return <FormAlert message={errorMessage(error)} />;
  if (items.length === 0) return <EmptyState title={empty} hint={emptyHint ?? null} />;

  return (
    <>
      <ul className={layout === "grid" ? styles.grid : styles.list} aria-label={label}>
        {items.map((item) => (
          <li key={item._id}>{renderItem(item)}</li>
        ))}
      </ul>
      {paginate && isFetchingNextPage && nextSkeletons > 0 ? <CardSkeletons count={nextSkeletons} layout={layout} label="Cargando más" /> : null}
      {paginate ? <div ref={sentinel} className={styles.sentinel} aria-hidden="true" /> : null}
      {paginate && end && !hasNextPage ? <p className={styles.end}>{end}</p> : null}
      {paginate && hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? "Cargando..." : "Cargar más"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
