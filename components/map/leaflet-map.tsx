"use client";

import type { CircleMarker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import "leaflet/dist/leaflet.css";
import { mapAttribution, mapTileUrl } from "@/lib/config";
import { contentSrcSet } from "@/lib/content-images";
import { noteDrawn } from "@/lib/drawn-pictures";
import styles from "./map.module.css";

/** How long the first tile may take before the map gives way to the address. */
const FIRST_TILE_TIMEOUT_MS = 8000;

export interface MapPoint {
  lat: number;
  lng: number;
  name: string;
  /** A page about the point, linked from its popup. */
  href?: string;
  /** The id of what the point stands for, for `onOpen`. */
  id?: string;
  /** Its picture, shown small in its popup. */
  picture?: string | null;
}

/** Called when a point's popup link is clicked; it may take the click (preventDefault) and open the page itself. */
export type OpenPoint = (point: MapPoint, event: MouseEvent) => void;

/**
 * A point's picture as its popup shows it: 160×90, sized before it arrives so the popup Leaflet
 * placed does not grow. Once drawn, its file stands in for the item page's cover while that
 * arrives (lib/drawn-pictures.ts), as a card's thumbnail does.
 */
function popupPicture(src: string): HTMLImageElement {
  const img = document.createElement("img");
  img.className = styles.popupPicture ?? "";
  img.alt = "";
  img.width = 160;
  img.height = 90;
  img.decoding = "async";
  const srcSet = contentSrcSet(src);
  if (srcSet) {
    img.srcset = srcSet;
    img.sizes = "160px";
  }
  img.src = src;
  img.addEventListener("load", () => noteDrawn(img), { once: true });
  return img;
}

/** The popup of a point: its picture and name, a link when it has a page (built as nodes, never as HTML). */
function popupOf(point: MapPoint, onOpen: OpenPoint | undefined): HTMLElement {
  let popup: HTMLElement = document.createElement("span");
  if (point.href) {
    const link = document.createElement("a");
    link.href = point.href;
    if (onOpen) link.addEventListener("click", (event) => onOpen(point, event));
    popup = link;
  }
  if (point.picture) {
    popup.className = styles.popup ?? "";
    popup.append(popupPicture(point.picture));
  }
  popup.append(point.name);
  return popup;
}

/**
 * A point's marker as a button for the keyboard and screen readers: circle markers are SVG paths
 * a pointer can hit but Tab cannot reach. Enter or Space opens its popup with the link focused
 * (or, already open, goes back to it); Escape anywhere in the popup closes it, and focus that was
 * in a closing popup comes back to the marker.
 */
function reachableByKeyboard(marker: CircleMarker, name: string) {
  const element = marker.getElement() as SVGElement | undefined;
  if (!element) return;
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", name);
  element.setAttribute("aria-expanded", "false");
  const linkIn = (popup: HTMLElement | undefined) => popup?.querySelector<HTMLElement>(".leaflet-popup-content a") ?? null;
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    if (marker.isPopupOpen()) linkIn(marker.getPopup()?.getElement())?.focus();
    else marker.openPopup();
  });
  marker.on("popupopen", (opened) => {
    element.setAttribute("aria-expanded", "true");
    const popup = opened.popup.getElement();
    if (!popup) return;
    // Leaflet names its close button in English.
    popup.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", "Cerrar");
    if (!popup.dataset.keyboard) {
      popup.dataset.keyboard = "true";
      popup.addEventListener("keydown", (event) => {
        if (event.key !== "Escape") return;
        element.focus();
        marker.closePopup();
      });
    }
    if (document.activeElement === element) linkIn(popup)?.focus();
  });
  marker.on("popupclose", (closed) => {
    element.setAttribute("aria-expanded", "false");
    // Its close button, from the keyboard: the popup fades out before it leaves the page.
    if (closed.popup.getElement()?.contains(document.activeElement)) element.focus();
  });
}

/**
 * The Leaflet map itself: one point at street zoom, or several fitted in view. Tiles come from
 * the configured server; when none loads (offline, a closed network, a server down) the map is
 * replaced by a note and the words around it (an address, a list).
 */
export default function LeafletMap({
  label,
  points,
  fallback = "No se pudo cargar el mapa. La dirección está aquí abajo.",
  onOpen,
}: {
  label: string;
  points: MapPoint[];
  fallback?: string;
  onOpen?: OpenPoint;
}) {
  // Points with a page are results to open (popups, markers reached by Tab), even a single one;
  // a point without one is a location.
  const interactive = points.some((point) => point.href !== undefined);
  // The latest callback, read at click time: the map is built once per set of points.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
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
      const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true });
      if (points.length === 1) map.setView([points[0]!.lat, points[0]!.lng], 16);
      else map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { padding: [24, 24], maxZoom: 16 });
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
      for (const point of points) {
        const marker = L.circleMarker([point.lat, point.lng], { radius: 10, color: "#0a444a", weight: 3, fillColor: "#0f5c63", fillOpacity: 0.85 })
          .addTo(map)
          .bindTooltip(point.name);
        if (interactive) {
          marker.bindPopup(() => popupOf(point, (p, event) => open.current?.(p, event)));
          reachableByKeyboard(marker, point.name);
        }
      }
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
    // The map is built once per set of points; `state` only ever leaves "loading".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pointsKey(points), state === "failed"]);

  if (state === "failed") {
    return (
      <p className={styles.fallback} role="note" data-testid="map-fallback">
        {fallback}
      </p>
    );
  }
  return (
    <div
      ref={container}
      className={styles.canvas}
      // A picture when nothing in it can be used; a region holding its markers' buttons otherwise
      // (an image's content is hidden from screen readers).
      role={interactive ? "region" : "img"}
      aria-label={label}
      data-testid="map"
      data-state={state}
    />
  );
}

function pointsKey(points: MapPoint[]): string {
  return points.map((p) => `${p.lat},${p.lng},${p.name},${p.href ?? ""},${p.picture ?? ""}`).join("|");
}
