"use client";

import type { ReactNode } from "react";
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { Page } from "@/lib/schemas/cursor";
import { isSignedInAtom } from "@/lib/state/auth";
import type { ContentKind } from "@/lib/schemas/content";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { CardHeadingLevel } from "./card-heading";
import { InfiniteList } from "./infinite-list";
import { KIND_COPY } from "./kind-copy";
import { KIND_ROUTES } from "./kind-routes";
import { PendingCreates } from "./pending-creates";
import { SignInNotice } from "./sign-in-notice";

// The list blocks every content kind shares: a public list (a section of the home or the whole
// directory) and a personal list page (mine, following) that asks to sign in first, worded from
// the kind's copy.

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

/** The link to the kind's create page, titled like it ("Crear comunidad"). */
export function CreateLink({ kind, variant }: { kind: ContentKind; variant?: "secondary" }) {
  return (
    <ButtonLink href={KIND_ROUTES[kind].create} variant={variant}>
      {KIND_COPY[kind].create.title}
    </ButtonLink>
  );
}

/**
 * A page of the signed-in person's own list of a kind, worded from KIND_COPY: its header (on
 * "mine", with the create link), then the list or a notice to sign in; `children` come after
 * either. Before the list: the creates still waiting to be sent (`pending` says how to name one)
 * and `before` (a filter, the calendar feed…).
 */
export function PersonalListPage<T extends { _id: string }>({
  kind,
  list,
  actions = list === "mine" ? <CreateLink kind={kind} /> : null,
  options,
  pending,
  before,
  empty,
  children,
  ...rest
}: Omit<ItemList<T>, "label" | "empty" | "emptyHint"> & {
  kind: ContentKind;
  list: "mine" | "following";
  actions?: ReactNode;
  options: ListOptions<T>;
  pending?: (payload: Record<string, unknown>) => string;
  before?: ReactNode;
  /** Instead of the kind's own empty state (events say which period is empty). */
  empty?: string;
  children?: ReactNode;
}) {
  const copy = KIND_COPY[kind][list];
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...options, enabled: signedIn });
  return (
    <>
      <PageHeader title={copy.title} actions={actions} />
      {signedIn ? (
        <>
          {pending ? <PendingCreates kind={kind} label={KIND_COPY[kind].pendingCreates} describe={pending} /> : null}
          {before}
          {/* Right under the page's h1: the cards' titles are h2. */}
          <CardHeadingLevel level={2}>
            <InfiniteList<T> query={query} label={copy.title} empty={empty ?? copy.empty} emptyHint={copy.emptyHint} {...rest} />
          </CardHeadingLevel>
        </>
      ) : (
        <SignInNotice what={copy.signInTo} />
      )}
      {children}
    </>
  );
}
