import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/routes";
import { RoutedPage } from "@/components/content/routed-page";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ eventId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Editar evento" };

export default function Page() {
  return <RoutedPage route="/events/[eventId]/edit" title="Editar evento" label="Evento" empty="El formulario de eventos aún no está disponible." />;
}
