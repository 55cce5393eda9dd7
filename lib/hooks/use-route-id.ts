"use client";

import { usePathname } from "next/navigation";
import { routeIdFromPath, type DynamicRoute } from "@/lib/routes";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { useMounted } from "./use-mounted";

/**
 * The real id of a dynamic route. Each dynamic page is exported once for the placeholder id, so
 * `useParams()` says `_`; the id lives only in the URL. It is read after hydration (the
 * prerendered HTML was made for `_`, reading earlier would mismatch), so this is null on the
 * first render: show a skeleton until then.
 */
export function useRouteId(route: DynamicRoute): string | null {
  const pathname = usePathname();
  const mounted = useMounted();
  if (!mounted) return null;
  const fromRouter = pathname ? routeIdFromPath(pathname, route) : null;
  if (fromRouter !== null && fromRouter !== PLACEHOLDER_ID) return fromRouter;
  // Defensive: should the router ever report the exported path, the address bar still has the id.
  return routeIdFromPath(window.location.pathname, route) ?? fromRouter;
}
