"use client";

import Link from "@/components/ui/link";
import { useState, type ReactNode } from "react";
import { useQueryClient, type QueryClient, type UseQueryResult } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/api/errors";
import { COVER_PREVIEW_MARK } from "@/lib/content-images";
import { useFirstArrival } from "@/lib/hooks/use-first-arrival";
import type { ContentKind } from "@/lib/schemas/content";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Cover } from "./cover";
import { DeleteContentButton, type RemoveTarget } from "./delete-content-button";
import { FollowButton, type FollowTarget } from "./follow-button";
import { KIND_COPY } from "./kind-copy";
import { NotFoundState } from "./not-found-state";
import { ReportButton, type ReportTarget } from "./report-button";
import { ShareButton } from "./share-button";
import pageHeader from "@/components/ui/page-header.module.css";
import cardStyles from "./card.module.css";
import coverStyles from "./cover.module.css";
import detailStyles from "./detail.module.css";

// The page of one content item, shared by events, places, news and communities: the states
// around the item (loading, offline, missing, failed) and the parts every item page has (cover,
// title, follow, share, edit). Each kind renders only what is special to it.

/**
 * The states of an item page: the route id (for tests and assistive tech), placeholders while
 * it loads, "Sin conexión" when offline with nothing cached, not found, another error, or the item.
 * The kind's copy (KIND_COPY) words them.
 */
export function DetailPage<T>({
  id,
  query,
  kind,
  skeletonLines = 4,
  listed,
  after,
  children,
}: {
  id: string | null;
  query: UseQueryResult<T>;
  kind: ContentKind;
  skeletonLines?: number;
  /**
   * The item's header from a list already read (its card was just tapped): drawn at once, and the
   * rest placeholders, until the item's own answer arrives. Asked only while loading.
   */
  listed?: () => ListedHeader | undefined;
  /** What the route composes under the item (its events, its news). */
  after?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  // The placeholders (and the server's cover) stay until the item has been built in slices.
  const { data: item, settling } = useFirstArrival(query.data);
  const copy = KIND_COPY[kind];
  const loading = id === null || settling || (query.isPending && query.fetchStatus !== "paused");
  // Never while hydrating: the route id is null until mounted (useRouteId). Decided once per item,
  // on the first render that knows its id and is loading it: the device's lists, restored from
  // IndexedDB a moment after an address is opened, would otherwise put the title above
  // placeholders already drawn and push them down (Lighthouse: CLS 0.014 on an event page after
  // the home had been opened). Not before it loads: a tap made offline still gets the title once
  // the connection is back and the item is asked for.
  const [listedFor, setListedFor] = useState<{ id: string; header: ListedHeader | undefined } | null>(null);
  if (id !== null && loading && listedFor?.id !== id) setListedFor({ id, header: listed?.() });
  const header = loading && id !== null && listedFor?.id === id ? listedFor.header : undefined;
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      {header ? (
        <>
          <DetailHeader titleId={`${kind}-listed-title`} title={header.title} cover={header.cover} kicker={header.kicker} />
          <Skeleton lines={skeletonLines} label={copy.loading} />
        </>
      ) : loading ? (
        <>
          {/* The server paints the item's cover in here before the scripts run (COVER_PREVIEW_MARK,
              server/plugins/cover-preview.ts). React leaves inner HTML it did not write alone
              while hydrating, so the picture stays until the item itself is drawn. */}
          <div className={coverStyles.coverPlaceholder} aria-hidden="true" {...{ [COVER_PREVIEW_MARK]: "" }} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
          <Skeleton lines={skeletonLines} label={copy.loading} />
        </>
      ) : query.isPending ? (
        <NotFoundState title="Sin conexión" hint={copy.offline} />
      ) : item === undefined ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundState title={copy.notFound} />
        ) : (
          <FormAlert message={errorMessage(query.error)} />
        )
      ) : (
        <>
          {children(item)}
          {after}
        </>
      )}
    </>
  );
}

/**
 * What an item page's header shows before the item arrives: what its page draws above the title
 * and the title, in the same places, so nothing moves when the item lands. A kind gives none for
 * an item whose page draws more above the title (a banner: hidden, cancelled).
 */
export interface ListedHeader {
  title: string;
  cover: string | null | undefined;
  kicker?: string;
}

/**
 * DetailPage's `listed` for a kind: its item as a cached list has it (`find`, the kind's `listed`),
 * drawn by `toHeader`, which gives none for an item whose page draws more above the title.
 */
export function useListedHeader<L>(id: string | null, find: (queryClient: QueryClient, id: string) => L | undefined, toHeader: (item: L) => ListedHeader | undefined) {
  const queryClient = useQueryClient();
  return (): ListedHeader | undefined => {
    const item = id === null ? undefined : find(queryClient, id);
    return item === undefined ? undefined : toHeader(item);
  };
}

/** Shown to the author and admins on a hidden item (nobody else sees it at all). */
export function HiddenBanner({ item, hiddenWord, note }: { item: { hidden: boolean; hiddenReason: string | null }; hiddenWord: "Oculto" | "Oculta"; note?: string }) {
  if (!item.hidden) return null;
  return (
    <p className={detailStyles.statusBanner} role="status">
      {hiddenWord} por moderación{item.hiddenReason ? `: ${item.hiddenReason}` : "."}
      {note ? ` ${note}` : null}
    </p>
  );
}

/** Cover, the kind's kicker, the title (the article's name) and what goes under it. */
export function DetailHeader({ titleId, title, cover, kicker, children }: { titleId: string; title: string; cover: string | null | undefined; kicker?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Cover src={cover} title={title} />
      {kicker ? <p className={cardStyles.cardKicker}>{kicker}</p> : null}
      <header>
        <h1 id={titleId} className={pageHeader.title}>
          {title}
        </h1>
        {children}
      </header>
    </>
  );
}

/**
 * Follow (with the count), then the row of actions: `before` the share button, the kind's own
 * actions, the owner's edit link and delete button, 'Reportar', and `after` them.
 */
export function DetailActions({
  follow,
  share,
  edit,
  remove = null,
  report = null,
  before,
  after,
  children,
}: {
  follow: FollowTarget;
  share: { title: string; text?: string | null };
  /** Only for who may edit: the edit page and its label ("Editar lugar"). */
  edit: { href: string; label: string } | null;
  /** Only for who may delete it (the server decides again). */
  remove?: RemoveTarget | null;
  /** 'Reportar', shown to someone signed in who is not its author. */
  report?: ReportTarget | null;
  before?: ReactNode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className={detailStyles.detailFollow}>
        <FollowButton {...follow} />
      </div>
      <div className={`actions ${detailStyles.detailActions}`}>
        {before}
        <ShareButton title={share.title} text={share.text ?? undefined} />
        {children}
        {edit ? (
          <Link className="button button--secondary" href={edit.href}>
            {edit.label}
          </Link>
        ) : null}
        {remove ? <DeleteContentButton {...remove} /> : null}
        {report ? <ReportButton {...report} /> : null}
        {after}
      </div>
    </>
  );
}
