import styles from "./verified-badge.module.css";

/** The verified-account badge, next to a name. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className={styles.badge} title="Cuenta verificada" data-testid="verified-badge">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5 14.6 4l3.5-.4.9 3.4 3.1 1.7-1.4 3.3 1.4 3.3-3.1 1.7-.9 3.4-3.5-.4L12 22.5 9.4 20l-3.5.4-.9-3.4-3.1-1.7L3.3 12 1.9 8.7 5 7l.9-3.4 3.5.4zm-1.3 13.7 6-6-1.4-1.4-4.6 4.6-2.3-2.3L7 11.5z"
        />
      </svg>
      <span className="visually-hidden">Cuenta verificada</span>
    </span>
  );
}
