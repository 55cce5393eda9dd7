"use client";

import { useEffect, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, TOAST_POSITION } from "@/lib/query/constants";
import { whenIdle } from "@/lib/idle";
import { loadToastLibrary, loadedToastLibrary, subscribeToastLibrary } from "@/lib/toast/library";

const serverSnapshot = () => null;

/** Mounts react-hot-toast's <Toaster> once its chunk is loaded: on the first idle moment after
 * the page starts, or as soon as a message is shown if that comes first (lib/toast/library.ts). */
export function ToasterHost() {
  const library = useSyncExternalStore(subscribeToastLibrary, loadedToastLibrary, serverSnapshot);

  useEffect(() => whenIdle(() => void loadToastLibrary().catch(() => undefined), { timeoutMs: 3000, fallbackMs: 1000, afterLoad: false }), []);

  if (!library) return null;
  const { Toaster } = library;
  return <Toaster position={TOAST_POSITION} toastOptions={{ duration: TOAST_DURATION_MS, className: "toast" }} containerClassName="toaster" />;
}
