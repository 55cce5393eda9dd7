"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { normalizePath } from "@/lib/paths";
import { withTrailingSlash } from "./nav-items";
import styles from "./section-nav.module.css";

export interface SectionLink {
  href: string;
  label: string;
}

/** Tabs of a section layout (events, news, profile, addresses, panel). */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const current = normalizePath(usePathname() ?? "/");
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={withTrailingSlash(link.href)}
              className={styles.link}
              aria-current={current === link.href ? "page" : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
