"use client";

import { useEffect, useRef, useState } from "react";
import "leaflet/dist/leaflet.css";
import { mapAttribution, mapTileUrl } from "@/lib/config";
import styles from "./map.module.css";

/** How long the first tile may take before the map gives way to the address. */
const FIRST_TILE_TIMEOUT_MS = 8000;

/**
 * The Leaflet map itself. Tiles come from the configured server; when none loads (offline, a
 * closed network, a server down) the map is replaced by a note and the caption's address.
 */
export default function LeafletMap({ name, lat, lng }: { name: string; lat: number; lng: number }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">(() =>
    typeof navigator !== "undefined" && !navigator.onLine ? "failed" : "loading",
  );

  useEffect(() => {
    if (state === "failed" || !container.current) return;
    let cancelled = false;
    let cleanup = () => {};
    void import("leaflet").then((L) => {
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true }).setView([lat, lng], 16);
      let loaded = 0;
      // detectRetina: on a phone's dense screen, tiles of the next zoom at half size, so the
      // streets are sharp instead of upscaled (Lighthouse's image-size-responsive).
      const layer = L.tileLayer(mapTileUrl, { attribution: mapAttribution, maxZoom: 19, detectRetina: true });
      layer.on("tileload", () => {
        loaded += 1;
        setState("ready");
      });
      layer.on("tileerror", () => {
        if (loaded === 0) setState("failed");
      });
      layer.addTo(map);
      L.circleMarker([lat, lng], { radius: 10, color: "#0a444a", weight: 3, fillColor: "#0f5c63", fillOpacity: 0.85 })
        .addTo(map)
        .bindTooltip(name);
      const timer = window.setTimeout(() => {
        if (loaded === 0) setState("failed");
      }, FIRST_TILE_TIMEOUT_MS);
      cleanup = () => {
        window.clearTimeout(timer);
        map.remove();
      };
    });
    return () => {
      cancelled = true;
      cleanup();
    };
    // The map is built once per point; `state` only ever leaves "loading".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lat, lng, name, state === "failed"]);

  if (state === "failed") {
    return (
      <p className={styles.fallback} role="note" data-testid="map-fallback">
        No se pudo cargar el mapa. La dirección está aquí abajo.
      </p>
    );
  }
  return (
    <div
      ref={container}
      className={styles.canvas}
      role="img"
      aria-label={`Mapa de ${name}`}
      data-testid="map"
      data-state={state}
    />
  );
}
