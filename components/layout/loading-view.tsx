import styles from "./loading-view.module.css";

/** Full-screen view shown until the first sign-in state report (docs/product.md#routes). */
export function LoadingView() {
  return (
    <div className={styles.view} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.text}>Cargando...</p>
    </div>
  );
}
