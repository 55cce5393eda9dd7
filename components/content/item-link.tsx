"use client";

import { onlineManager, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import Link from "@/components/ui/link";

/**
 * A card's link to an item's page. The tap also starts reading the item (`read`: prefetching its
 * detail query), so its answer travels while the page's payload and code do instead of after
 * them: on a phone's network, one round trip instead of two before the page is whole
 * (bench/list-to-detail.mjs).
 */
export function ItemLink({ read, onClick, ...props }: ComponentProps<typeof Link> & { read: (queryClient: QueryClient) => Promise<void> }) {
  const queryClient = useQueryClient();
  return (
    <Link
      {...props}
      onClick={(event) => {
        onClick?.(event);
        // Not for a new tab or window (its page reads for itself), nor a click something else
        // took, nor offline, where the read would wait and go out later unasked.
        const elsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (!event.defaultPrevented && !elsewhere && onlineManager.isOnline()) void read(queryClient);
      }}
    />
  );
}
