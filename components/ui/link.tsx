import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's link: next/link without prefetching. On a phone's first load, prefetching would fetch
 * the payload and scripts of every destination in view (shell, cards, author and place links)
 * before and while the page's own data arrives, and parse them on the main thread; the service
 * worker keeps what was visited anyway. A link that is nearly always the next step can still ask
 * for it with `prefetch`.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
