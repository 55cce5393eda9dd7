"use client";

import { onlineManager, useQueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import Link from "@/components/ui/link";
import { detailQueryOf } from "@/lib/api/content-resource";
import { pathFor } from "@/lib/paths";
import type { ContentKind } from "@/lib/schemas/content";
import { preloadCover } from "./cover";
import { KIND_ROUTES } from "./kind-routes";

/** A click that opens a link here: not in a new tab or window, nor one something else took. */
function opensHere(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented">): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * For a click on a link to an item: when it opens the item here, starts reading the item (its
 * detail query, the one its page reads) and downloading its cover, when the link knows it, and
 * says true. They then travel while the page's payload and code do instead of after them: on a
 * phone's network, one round trip instead of two before the page is whole
 * (bench/list-to-detail.mjs, bench/cover-after-tap.mjs). A new tab or window reads for itself;
 * offline the read would wait and go out later unasked.
 */
export function usePrefetchOnOpen(): (event: Parameters<typeof opensHere>[0], kind: ContentKind, id: string, cover?: string | null) => boolean {
  const queryClient = useQueryClient();
  return (event, kind, id, cover) => {
    if (!opensHere(event)) return false;
    if (onlineManager.isOnline()) {
      void queryClient.prefetchQuery(detailQueryOf(kind, id));
      preloadCover(cover);
    }
    return true;
  };
}

/**
 * A card's (or a search result's, or a detail page's) link to an item's page, read as it is
 * tapped; `cover`, the item's cover as the link's page has it (null when it has none).
 */
export function ItemLink({ kind, id, cover, onClick, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { kind: ContentKind; id: string; cover?: string | null }) {
  const prefetchOnOpen = usePrefetchOnOpen();
  return (
    <Link
      {...props}
      href={pathFor(KIND_ROUTES[kind].item, id)}
      onClick={(event) => {
        onClick?.(event);
        prefetchOnOpen(event, kind, id, cover);
      }}
    />
  );
}
