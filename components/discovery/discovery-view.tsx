"use client";

import { useCallback, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useInfiniteQuery } from "@tanstack/react-query";
import { eventQueries } from "@/lib/api/events";
import { flattenPages } from "@/lib/api/content";
import { formatNumber } from "@/lib/format/count";
import { pathFor } from "@/lib/paths";
import { discoveryApiQuery, discoverySearch, parseDiscovery, type DiscoveryFilters } from "@/lib/schemas/discovery";
import type { EventListItem } from "@/lib/schemas/events";
import { PageHeader } from "@/components/ui/page-header";
import { InfiniteList } from "@/components/content/infinite-list";
import { CardHeadingLevel } from "@/components/content/card-heading";
import { EventCard } from "@/components/events/event-card";
import { usePrefetchOnOpen } from "@/components/content/item-link";
import { PointsMap, type OpenPoint } from "@/components/map/points-map";
import { DiscoveryFilterForm } from "./discovery-filters";
import { DiscoveryChips, useChips } from "./discovery-chips";
import { mapCaption } from "./map-caption";
import styles from "./discovery.module.css";

const BASE = "/explore/";
const card = (e: EventListItem) => <EventCard event={e} />;

type ResultsView = "list" | "map";
// The map view is in the address too, apart from the filters (it asks nothing else of the API):
// Back from an event opened on the map lands on the map, and a shared address shows it.
const viewOf = (params: URLSearchParams): ResultsView => (params.get("view") === "map" ? "map" : "list");
const addressOf = (filtersSearch: string, view: ResultsView) =>
  view === "list" ? `${BASE}${filtersSearch}` : `${BASE}${filtersSearch ? `${filtersSearch}&` : "?"}view=map`;

/**
 * /explore: events by date, tag, place category, price, online or in person, distance and
 * accessibility. The URL is the only state of the filters (shared, bookmarked, reloaded, offline):
 * the list's cache entry is keyed by the normalised filters, so the same URL finds the same
 * results in the persisted cache without a connection.
 */
export function DiscoveryView() {
  const router = useRouter();
  const params = useSearchParams();
  // The URL is the truth, but router.replace lands a moment later: the form shows what was just
  // chosen at once (two quick clicks must not undo each other), and follows the URL when it moves
  // (back and forward, a link).
  const search = params.toString();
  const [seen, setSeen] = useState(search);
  const [filters, setFilters] = useState(() => parseDiscovery(new URLSearchParams(search)));
  const [view, setView] = useState(() => viewOf(new URLSearchParams(search)));
  if (seen !== search) {
    setSeen(search);
    setFilters(parseDiscovery(new URLSearchParams(search)));
    setView(viewOf(new URLSearchParams(search)));
  }
  const query = useInfiniteQuery(eventQueries.listQuery(discoveryApiQuery(filters)));
  const chips = useChips(filters);

  const update = useCallback(
    (patch: Partial<DiscoveryFilters>) => {
      const next = discoverySearch({ ...filters, ...patch });
      setFilters(parseDiscovery(new URLSearchParams(next)));
      router.replace(addressOf(next, view), { scroll: false });
    },
    [filters, view, router],
  );
  const show = (next: ResultsView) => {
    setView(next);
    router.replace(addressOf(discoverySearch(filters), next), { scroll: false });
  };
  const clearAll = useCallback(() => update(Object.fromEntries(Object.keys(filters).map((k) => [k, undefined]))), [filters, update]);

  const items = flattenPages(query.data);
  const announcement = query.isSuccess ? (items.length === 0 ? "Sin resultados" : `${formatNumber(items.length)}${query.hasNextPage ? " o más" : ""} ${items.length === 1 ? "evento" : "eventos"}`) : "";
  const suggestion = chips.length > 0 ? `Prueba quitando «${chips[chips.length - 1]!.text}» o usa «Limpiar filtros».` : "Vuelve pronto: cada semana se publican eventos nuevos.";

  return (
    <>
      <PageHeader title="Explorar eventos" description="Filtra por fecha, etiqueta, precio, modalidad, distancia y accesibilidad. Comparte o guarda la dirección de la página para volver a esta búsqueda." />
      <DiscoveryFilterForm filters={filters} update={update} />
      <DiscoveryChips chips={chips} update={update} clearAll={clearAll} />
      <div className={styles.bar}>
        <p aria-live="polite" role="status" data-testid="results-count">
          {announcement}
        </p>
        <div className="actions" role="group" aria-label="Ver resultados como">
          {(["list", "map"] as const).map((v) => (
            <button key={v} type="button" className={`button ${view === v ? "button--primary" : "button--ghost"}`} aria-pressed={view === v} onClick={() => show(v)}>
              {v === "list" ? "Lista" : "Mapa"}
            </button>
          ))}
        </div>
      </div>
      {view === "map" && query.isSuccess ? <ResultsMap items={items} more={query.hasNextPage} /> : null}
      <div hidden={view === "map" && query.isSuccess}>
        <CardHeadingLevel level={2}>
          <InfiniteList<EventListItem> query={query} label="Resultados" empty="No hay eventos con estos filtros." emptyHint={suggestion} renderItem={card} nextSkeletons={2} />
        </CardHeadingLevel>
      </div>
    </>
  );
}

function ResultsMap({ items, more }: { items: EventListItem[]; more: boolean }) {
  const router = useRouter();
  const prefetchOnOpen = usePrefetchOnOpen();
  const points = items.flatMap((e) =>
    e.lat !== null && e.lng !== null ? [{ lat: e.lat, lng: e.lng, name: e.title, href: pathFor("/events/[eventId]", e._id), id: e._id, picture: e.coverImage }] : [],
  );
  // A popup's link is Leaflet's own <a>: opened by the browser it would load the whole app again.
  // Here it opens in the app, as a card does, with the event read as it is tapped.
  const open: OpenPoint = (point, event) => {
    if (!point.href || !point.id || !prefetchOnOpen(event, "events", point.id, point.picture)) return;
    event.preventDefault();
    router.push(point.href);
  };
  return (
    <PointsMap label="Mapa de resultados" points={points} onOpen={open} fallback="No se pudo cargar el mapa. Cambia a «Lista» para ver los resultados.">
      <span>{mapCaption(points.length, items.length, more)}</span>
    </PointsMap>
  );
}
