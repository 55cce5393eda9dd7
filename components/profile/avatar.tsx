/* eslint-disable @next/next/no-img-element -- exported app: images come from the API, unoptimised */
import styles from "./avatar.module.css";

/** The profile picture, or the person's initials on the brand colour. */
export function Avatar({
  name,
  src,
  sizes,
  size = 96,
}: {
  name: string;
  src: string | null;
  sizes?: Record<string, string> | null;
  size?: number;
}) {
  if (src) {
    const srcSet = sizes
      ? Object.entries(sizes)
          .filter(([label]) => /^\d+$/.test(label))
          .map(([label, url]) => `${url} ${label}w`)
          .join(", ")
      : undefined;
    return (
      <img
        className={styles.avatar}
        src={src}
        srcSet={srcSet || undefined}
        sizes={`${size}px`}
        width={size}
        height={size}
        alt={`Foto de perfil de ${name}`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={{ width: size, height: size, fontSize: size / 2.6 }} role="img" aria-label={`Foto de perfil de ${name}`}>
      {initials || "?"}
    </span>
  );
}
