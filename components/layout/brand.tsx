import Link from "@/components/ui/link";
import { brand } from "@/lib/config";
import styles from "./brand.module.css";

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className={styles.mark} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--color-primary)" />
      <path d="M14 46V26l18-12 18 12v20H38V34H26v12z" fill="var(--color-on-primary)" />
    </svg>
  );
}

export function Brand() {
  return (
    <Link href="/" className={styles.brand} aria-label={`${brand.name}, inicio`}>
      <BrandMark />
      <span>{brand.name}</span>
    </Link>
  );
}
