import { normalizePath } from "@/lib/paths";

export type MainNavIcon = "home" | "search" | "news" | "notifications" | "profile";

export interface MainNavItem {
  /** Position in the main navigation (docs/product.md#routes). */
  index: number;
  href: string;
  label: string;
  icon: MainNavIcon;
}

export const MAIN_NAV_ITEMS: readonly MainNavItem[] = [
  { index: 0, href: "/", label: "Inicio", icon: "home" },
  { index: 1, href: "/search", label: "Búsqueda", icon: "search" },
  { index: 2, href: "/news", label: "Noticias", icon: "news" },
  { index: 3, href: "/notifications", label: "Notificaciones", icon: "notifications" },
  { index: 4, href: "/profile", label: "Perfil", icon: "profile" },
];

/**
 * Whether `pathname` belongs to the item's section. Decided by prefix only, never by an id, so
 * the prerendered placeholder page and the real URL mark the same item (no hydration mismatch).
 */
export function isNavItemActive(item: MainNavItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (item.href === "/") return path === "/";
  return path === item.href || path.startsWith(`${item.href}/`);
}

/** Links keep the exported trailing slash so the static server never has to redirect. */
export function withTrailingSlash(href: string): string {
  return href === "/" || href.endsWith("/") ? href : `${href}/`;
}
