"use client";

import dynamic from "next/dynamic";
import { useRef } from "react";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import styles from "./map.module.css";

export interface LocationMapProps {
  /** What is there ("Teatro Fernando Soler"), for the map's label. */
  name: string;
  /** The address as text: always shown, and all there is when tiles cannot load. */
  address: string;
  lat: number | null;
  lng: number | null;
}

// Leaflet (and its CSS) load only when a page shows a map, never in the home's first load, and
// only once the map is about to scroll into view: below the fold it would otherwise take the
// phone's CPU and network (code and tiles) during the first paint.
const LeafletMap = dynamic(() => import("./leaflet-map"), {
  ssr: false,
  loading: () => <div className={styles.canvas} aria-hidden="true" />,
});

function osmLink(lat: number | null, lng: number | null, address: string): string {
  if (lat !== null && lng !== null) return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** A map with a pin, and the address in words under it (or instead of it). */
export function LocationMap({ name, address, lat, lng }: LocationMapProps) {
  const hasPoint = lat !== null && lng !== null;
  const figure = useRef<HTMLElement>(null);
  const near = useNearViewport(figure, "0px");
  return (
    <figure ref={figure} className={styles.figure} aria-label={`Ubicación de ${name}`}>
      {hasPoint ? (
        near ? (
          <LeafletMap label={`Mapa de ${name}`} points={[{ name, lat, lng }]} />
        ) : (
          <div className={styles.canvas} aria-hidden="true" />
        )
      ) : (
        <p className={styles.fallback} role="note">
          Sin ubicación en el mapa; la dirección es la de abajo.
        </p>
      )}
      <figcaption className={styles.caption}>
        <address className={styles.address} data-testid="map-address">
          {address}
        </address>
        <a href={osmLink(lat, lng, address)} target="_blank" rel="noopener noreferrer">
          Abrir en OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
