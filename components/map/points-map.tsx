"use client";

import dynamic from "next/dynamic";
import type { MapPoint, OpenPoint } from "./leaflet-map";
import styles from "./map.module.css";

export type { MapPoint, OpenPoint } from "./leaflet-map";

// Leaflet loads only when the map is asked for (the discovery page's "Mapa" view).
const LeafletMap = dynamic(() => import("./leaflet-map"), {
  ssr: false,
  loading: () => <div className={styles.canvas} aria-hidden="true" />,
});

/**
 * Several points on one map, each with a popup link (`onOpen` may open it in the app); `children`
 * say in words what the map shows.
 */
export function PointsMap({
  label,
  points,
  fallback,
  onOpen,
  children,
}: {
  label: string;
  points: MapPoint[];
  fallback: string;
  onOpen?: OpenPoint;
  children?: React.ReactNode;
}) {
  return (
    <figure className={styles.figure} aria-label={label}>
      {points.length > 0 ? (
        <LeafletMap label={label} points={points} fallback={fallback} onOpen={onOpen} />
      ) : (
        <p className={styles.fallback} role="note">
          Ningún resultado tiene ubicación en el mapa.
        </p>
      )}
      {children ? <figcaption className={styles.caption}>{children}</figcaption> : null}
    </figure>
  );
}
