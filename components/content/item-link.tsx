"use client";

import { onlineManager, useQueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import Link from "@/components/ui/link";
import { detailQueryOf } from "@/lib/api/content-resource";
import { pathFor } from "@/lib/paths";
import type { ContentKind } from "@/lib/schemas/content";
import { KIND_ROUTES } from "./kind-routes";

/**
 * A card's (or a search result's) link to an item's page. The tap also starts reading the item
 * (its detail query, the one the page reads), so its answer travels while the page's payload and
 * code do instead of after them: on a phone's network, one round trip instead of two before the
 * page is whole (bench/list-to-detail.mjs).
 */
export function ItemLink({ kind, id, onClick, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { kind: ContentKind; id: string }) {
  const queryClient = useQueryClient();
  return (
    <Link
      {...props}
      href={pathFor(KIND_ROUTES[kind].item, id)}
      onClick={(event) => {
        onClick?.(event);
        // Not for a new tab or window (its page reads for itself), nor a click something else
        // took, nor offline, where the read would wait and go out later unasked.
        const elsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (!event.defaultPrevented && !elsewhere && onlineManager.isOnline()) void queryClient.prefetchQuery(detailQueryOf(kind, id));
      }}
    />
  );
}
