"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useAtomValue } from "jotai";
import { unreadNotificationsAtom } from "@/lib/state/notifications";
import { NavIcon } from "./nav-icon";
import { MAIN_NAV_ITEMS, isNavItemActive, withTrailingSlash } from "./nav-items";
import styles from "./main-nav.module.css";

/** Bottom bar on phones, side bar on wide screens: one nav, laid out by CSS. */
export function MainNav() {
  const pathname = usePathname() ?? "/";
  const unread = useAtomValue(unreadNotificationsAtom);
  return (
    <nav className={styles.nav} aria-label="Navegación principal">
      <ul className={styles.list}>
        {MAIN_NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          const badge = item.icon === "notifications" && unread > 0 ? unread : 0;
          return (
            <li key={item.href}>
              <Link
                href={withTrailingSlash(item.href)}
                className={styles.link}
                aria-current={active ? "page" : undefined}
              >
                <span className={styles.icon}>
                  <NavIcon icon={item.icon} />
                  {badge > 0 ? (
                    <span className={styles.badge} data-testid="notifications-badge">
                      {badge > 99 ? "99+" : badge}
                      <span className="visually-hidden"> sin leer</span>
                    </span>
                  ) : null}
                </span>
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
