"use client";

import type { ReactNode } from "react";
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from "@tanstack/react-query";
import type { Page } from "@/lib/schemas/cursor";
import { InfiniteList } from "./infinite-list";

// A public list of any kind: a section of the home or a whole directory. Apart from the personal
// list pages (list-pages.tsx) because the home needs only this, and those bring every kind's copy.

export type ListOptions<T> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | undefined>;

export type ItemList<T> = {
  label: string;
  empty: string;
  emptyHint?: ReactNode;
  layout?: "list" | "grid";
  renderItem: (item: T) => ReactNode;
};

/**
 * A public list. With `limit`, a section of a page: that many, no further pages, unless `more`
 * offers further pages of that size from a 'Cargar más' button. Without, the list is the page and
 * loads the next page as its end comes near.
 */
export function PublicList<T extends { _id: string }>({ options, limit, more = false, ...list }: ItemList<T> & { options: ListOptions<T>; limit?: number; more?: boolean }) {
  const query = useInfiniteQuery(options);
  return <InfiniteList<T> query={query} paginate={limit === undefined || more} autoLoad={limit === undefined} {...list} />;
}
