"use client";

import { useEffect } from "react";
import { FEED_FORMATS, feedUrl, type FeedScope } from "@/lib/api/feeds";

// The feeds of what a page shows (a place's events, a community's news), announced in its head
// while it is on screen. The home's are in its HTML (app/page.tsx metadata).

export interface FeedLinksProps {
  scope: FeedScope;
  /** The feed's filter, e.g. { placeId }; empty for the whole city. */
  query?: Record<string, string>;
  /** What the feed is about, e.g. "Eventos en Teatro X": the <link>'s title. */
  title: string;
}

/** <link rel="alternate"> of the feeds in the document head while the calling component is shown. */
export function useFeedLinks(scope: FeedScope, query: Record<string, string>, title: string) {
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    const filter = JSON.parse(queryKey) as Record<string, string>;
    const links = FEED_FORMATS.map(({ format, type }) => {
      const link = document.createElement("link");
      link.rel = "alternate";
      link.type = type;
      link.title = title;
      link.href = feedUrl(scope, format, filter);
      document.head.appendChild(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [scope, queryKey, title]);
}
