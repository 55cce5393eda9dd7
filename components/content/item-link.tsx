"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import Link from "@/components/ui/link";

/**
 * A card's link to an item's page. The tap also starts reading the item (`read`: prefetching its
 * detail query), so its answer travels while the page's payload and code do instead of after them: on a
 * phone's network, one round trip instead of two before the page is whole (bench/list-to-detail.mjs).
 */
export function ItemLink({ read, onClick, ...props }: ComponentProps<typeof Link> & { read: (queryClient: QueryClient) => Promise<void> }) {
  const queryClient = useQueryClient();
  return (
    <Link
      {...props}
      onClick={(event) => {
        onClick?.(event);
        void read(queryClient);
      }}
    />
  );
}
