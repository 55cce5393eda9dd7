"use client";

import type { ReactNode } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { isSignedInAtom } from "@/lib/state/auth";
import type { ContentKind } from "@/lib/schemas/content";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { CardHeadingLevel } from "./card-heading";
import { InfiniteList } from "./infinite-list";
import { KIND_COPY } from "./kind-copy";
import { KIND_ROUTES } from "./kind-routes";
import type { ItemList, ListOptions } from "./public-list";
import { PendingCreates } from "./pending-creates";
import { SignInNotice } from "./sign-in-notice";

// The personal list page every content kind shares (mine, following): it asks to sign in first
// and is worded from the kind's copy. The public list is in public-list.tsx.

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
