import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { PlaceDetail } from "@/components/places/place-detail";
import { EventsForRoute } from "@/components/events/events-for-route";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ placeId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Lugar" };

export default function Page() {
  return (
    <PlaceDetail
      events={
        <>
          <EventsForRoute route="/places/[placeId]" filter="placeId" title="Próximos eventos aquí" empty="No hay eventos próximos en este lugar." />
          <EventsForRoute route="/places/[placeId]" filter="placeId" when="past" title="Eventos pasados" empty="Aún no hay eventos pasados aquí." />
        </>
      }
    />
  );
}
