import Link from "@/components/ui/link";
import type { TagRef } from "@/lib/schemas/tags";
import cardStyles from "@/components/content/card.module.css";

/** Where a tag's upcoming events are listed: the search page with `?tag=` (the events list filter). */
export function tagSearchHref(slug: string): string {
  return `/search/?tag=${encodeURIComponent(slug)}`;
}

/** A tag chip that opens its events. */
export function TagLink({ tag }: { tag: TagRef }) {
  return (
    <Link className={cardStyles.chipLink} href={tagSearchHref(tag.slug)} aria-label={`Eventos con la etiqueta ${tag.name}`}>
      {tag.name}
    </Link>
  );
}
