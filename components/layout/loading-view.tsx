/** Full-screen view shown until the first sign-in state report (docs/product.md#routes). */
export function LoadingView() {
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <span className="loading-view__spinner" aria-hidden="true" />
      <p className="loading-view__text">Cargando...</p>
    </div>
  );
}
