"use client";

import type { ReactNode } from "react";
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { Page } from "@/lib/schemas/pagination";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { InfiniteList } from "./infinite-list";
import { SignInNotice } from "./sign-in-notice";

// The list blocks every content kind shares: a public list (a section of the home or the whole
// directory) and a personal list page (mine, following) that asks to sign in first.

export type ListOptions<T> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | undefined>;

type ItemList<T> = {
  label: string;
  empty: string;
  emptyHint?: ReactNode;
  layout?: "list" | "grid";
  renderItem: (item: T) => ReactNode;
};

/**
 * A public list. With `limit`, a home section: that many, no further pages, unless `more` offers
 * further pages of that size from a 'Cargar más' button.
 */
export function PublicList<T extends { _id: string }>({ options, limit, more = false, ...list }: ItemList<T> & { options: ListOptions<T>; limit?: number; more?: boolean }) {
  const query = useInfiniteQuery(options);
  return <InfiniteList<T> query={query} paginate={limit === undefined || more} autoLoad={limit === undefined} skeletons={limit ? Math.min(limit, 3) : 3} {...list} />;
}

/**
 * A page of the signed-in person's own list: its header, then the list (after `before`: the
 * creates still waiting to be sent, a filter…) or a notice to sign in; `children` come after either.
 */
export function PersonalListPage<T extends { _id: string }>({
  title,
  actions,
  options,
  signInTo,
  before,
  children,
  ...list
}: ItemList<T> & {
  title: string;
  actions?: ReactNode;
  options: ListOptions<T>;
  /** What signing in is for: "ver tus lugares". */
  signInTo: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...options, enabled: signedIn });
  return (
    <>
      <PageHeader title={title} actions={actions} />
      {signedIn ? (
        <>
          {before}
          <InfiniteList<T> query={query} {...list} />
        </>
      ) : (
        <SignInNotice what={signInTo} />
      )}
      {children}
    </>
  );
}
