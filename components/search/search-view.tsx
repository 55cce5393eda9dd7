"use client";

import Link from "@/components/ui/link";
import { useEffect, useId, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { SEARCH_MIN_LENGTH, searchQueries } from "@/lib/api/search";
import type { ContentKind } from "@/lib/schemas/content";
import { errorMessage } from "@/lib/api/errors";
import { useDebounced } from "@/lib/hooks/use-debounced";
import { pathFor } from "@/lib/paths";
import { formatCount, formatMembers } from "@/lib/format/count";
import { formatEventWhenShort } from "@/lib/format/dates";
import { PLACE_CATEGORY_TEXT as PLACE_CATEGORY_LABELS } from "@/lib/format/labels";
import type { HighlightRange } from "@/lib/schemas/search";
import { PageHeader } from "@/components/ui/page-header";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { VerifiedBadge } from "@/components/content/cover";
import { ItemLink } from "@/components/content/item-link";
import { CardSkeletons } from "@/components/content/card-skeletons";
import { Highlighted } from "./highlighted";
import { TagEvents } from "./tag-events";
import cardStyles from "@/components/content/card.module.css";
import detailStyles from "@/components/content/detail.module.css";
import listStyles from "@/components/content/list.module.css";
import textStyles from "@/components/ui/text.module.css";
import { SEARCH_DEBOUNCE_MS } from "@/lib/search/debounce";

interface Row {
  id: string;
  /** What a row opens: an item of a kind (ItemLink: its tap starts reading it), or a person's page. */
  to: { kind: ContentKind } | { href: string };
  title: string;
  /** The parts of `title` the query matched. */
  highlight: HighlightRange[];
  meta: string;
  verified?: boolean;
  /** The item's cover, which its tap readies: the results draw no picture of it. */
  cover?: string | null;
}

/** The page's heading, the same for every query: part of the exported HTML, painted before any script runs. */
export function SearchHeader() {
  return (
    <PageHeader
      title="Búsqueda"
      description="Eventos, lugares, noticias, comunidades y personas."
      actions={<ButtonLink href="/explore/" variant="secondary">Explorar eventos con filtros</ButtonLink>}
    />
  );
}

/**
 * The search field. Without `onChange` it is the exported HTML's placeholder, disabled until the
 * page's script reads the query from the URL and takes over (typing there would be lost).
 */
export function SearchBox({ value = "", onChange }: { value?: string; onChange?: (value: string) => void }) {
  const inputId = useId();
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} style={{ marginBottom: "1.25rem" }}>
      <label className="field__label" htmlFor={inputId}>
        ¿Qué buscas?
      </label>
      <input
        id={inputId}
        className="field__input"
        type="search"
        value={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        disabled={!onChange}
        placeholder="Teatro, jazz, Centro Histórico…"
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

/** /search: one box, results grouped by kind; the query lives in the URL (?q=) for sharing. */
export function SearchView() {
  const router = useRouter();
  const params = useSearchParams();
  const [q, setQ] = useState(() => params.get("q") ?? "");
  const debounced = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const query = useQuery(searchQueries.results(debounced));

  useEffect(() => {
    const current = params.get("q") ?? "";
    if (current === debounced.trim()) return;
    router.replace(debounced.trim() ? `/search/?q=${encodeURIComponent(debounced.trim())}` : "/search/", { scroll: false });
  }, [debounced, params, router]);

  // A tag chip leads here with ?tag=; typing a search replaces it (the URL keeps only ?q=).
  const tag = params.get("tag");
  const r = query.data;
  const groups: { key: string; title: string; rows: Row[] }[] = r
    ? [
        {
          key: "events",
          title: "Eventos",
          rows: r.events.map((e) => ({ id: e._id, to: { kind: "events" as const }, title: e.title, highlight: e.highlight, meta: `${formatEventWhenShort(e)}${e.place ? ` · ${e.place.name}` : ""}`, cover: e.coverImage })),
        },
        {
          key: "places",
          title: "Lugares",
          rows: r.places.map((p) => ({ id: p._id, to: { kind: "places" as const }, title: p.name, highlight: p.highlight, meta: `${PLACE_CATEGORY_LABELS[p.category]} · ${p.addressLine}`, cover: p.coverImage })),
        },
        { key: "news", title: "Noticias", rows: r.news.map((n) => ({ id: n._id, to: { kind: "news" as const }, title: n.title, highlight: n.highlight, meta: n.summary, cover: n.coverImage })) },
        {
          key: "communities",
          title: "Comunidades",
          rows: r.communities.map((c) => ({ id: c._id, to: { kind: "communities" as const }, title: c.name, highlight: c.highlight, meta: formatMembers(c.membersCount), cover: c.image })),
        },
        { key: "users", title: "Personas", rows: r.users.map((u) => ({ id: u._id, to: { href: pathFor("/profile/[profileId]", u._id) }, title: u.name, highlight: u.highlight, meta: "", verified: u.verified })) },
      ].filter((g) => g.rows.length > 0)
    : [];
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  const active = debounced.trim().length >= SEARCH_MIN_LENGTH;

  return (
    <>
      <SearchBox value={q} onChange={setQ} />
      <div aria-live="polite" className="visually-hidden">
        {active && r ? (total === 0 ? "Sin resultados" : formatCount(total, "resultado", "resultados")) : ""}
      </div>
      {!active && tag ? (
        <TagEvents slug={tag} />
      ) : !active ? (
        <EmptyState title="Escribe al menos 2 letras para buscar." hint="La búsqueda no distingue acentos ni mayúsculas y tolera errores de dedo." />
      ) : query.isPending ? (
        query.fetchStatus === "paused" ? (
          <EmptyState title="Sin conexión" hint="Busca de nuevo cuando vuelvas a tener conexión." />
        ) : (
          <CardSkeletons count={3} label="Buscando" />
        )
      ) : query.isError ? (
        <FormAlert message={errorMessage(query.error)} />
      ) : total === 0 ? (
        <EmptyState title={`Sin resultados para «${debounced.trim()}».`} hint="Prueba con otra palabra." />
      ) : (
        groups.map((g) => (
          <section key={g.key} className={detailStyles.section} aria-labelledby={`search-${g.key}`}>
            <h2 id={`search-${g.key}`} style={{ fontSize: "1.2rem" }}>
              {g.title} <span className={textStyles.small}>({g.rows.length})</span>
            </h2>
            <ul className={listStyles.list}>
              {g.rows.map((row) => (
                <li key={row.id} className={cardStyles.card} style={{ gridTemplateColumns: "1fr" }}>
                  <div>
                    {"kind" in row.to ? (
                      <ItemLink className={cardStyles.cardLink} kind={row.to.kind} id={row.id} cover={row.cover}>
                        <Highlighted text={row.title} ranges={row.highlight} />
                      </ItemLink>
                    ) : (
                      <Link className={cardStyles.cardLink} href={row.to.href}>
                        <Highlighted text={row.title} ranges={row.highlight} />
                      </Link>
                    )}{" "}
                    {row.verified ? <VerifiedBadge /> : null}
                    {row.meta ? <p className={cardStyles.cardMeta}>{row.meta}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
