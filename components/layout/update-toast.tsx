"use client";

import { useEffect, useSyncExternalStore } from "react";
import { serviceWorkerEnabled } from "@/lib/config";
import { whenPageSettles } from "@/lib/pwa/page-settled";
import {
  applyUpdate,
  dismissPwaToast,
  getPwaState,
  getServerPwaState,
  startServiceWorker,
  subscribePwa,
} from "@/lib/pwa/service-worker";
import styles from "./update-toast.module.css";

/** Registers the service worker and shows the install and update prompts (docs/product.md#update-toast). */
export function UpdateToast() {
  const { offlineReady, needRefresh } = useSyncExternalStore(subscribePwa, getPwaState, getServerPwaState);

  useEffect(() => {
    if (serviceWorkerEnabled) void startServiceWorker(() => whenPageSettles());
  }, []);

  if (!offlineReady && !needRefresh) return null;
  return (
    <div className={styles.toast} role="status" aria-live="polite">
      {needRefresh ? (
        <div>
          <p className={styles.title}>Nuevo contenido disponible</p>
          <p className={styles.hint}>Click en el botón de recargar para actualizar la app</p>
        </div>
      ) : (
        <div>
          <p className={styles.title}>App lista para trabajar offline</p>
        </div>
      )}
      <div className={styles.actions}>
        {needRefresh ? (
          <button type="button" className="button button--primary" onClick={applyUpdate}>
            Recargar
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={dismissPwaToast}>
          Cerrar
        </button>
      </div>
    </div>
  );
}
