"use client";

import { onlineManager, useQueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import Link from "@/components/ui/link";
import { detailQueryOf } from "@/lib/api/content-resource";
import { pathFor } from "@/lib/paths";
import type { ContentKind } from "@/lib/schemas/content";
import { KIND_ROUTES } from "./kind-routes";

/** A click that opens a link here: not in a new tab or window, nor one something else took. */
export function opensHere(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented">): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Starts reading an item (its detail query, the one its page reads) as someone opens it, so its
 * answer travels while the page's payload and code do instead of after them: on a phone's network,
 * one round trip instead of two before the page is whole (bench/list-to-detail.mjs). Not offline,
 * where the read would wait and go out later unasked.
 */
export function usePrefetchItem(): (kind: ContentKind, id: string) => void {
  const queryClient = useQueryClient();
  return (kind, id) => {
    if (onlineManager.isOnline()) void queryClient.prefetchQuery(detailQueryOf(kind, id));
  };
}

/** A card's (or a search result's, or a detail page's) link to an item's page, read as it is tapped. */
export function ItemLink({ kind, id, onClick, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { kind: ContentKind; id: string }) {
  const prefetchItem = usePrefetchItem();
  return (
    <Link
      {...props}
      href={pathFor(KIND_ROUTES[kind].item, id)}
      onClick={(event) => {
        onClick?.(event);
        // A new tab or window reads for itself.
        if (opensHere(event)) prefetchItem(kind, id);
      }}
    />
  );
}
