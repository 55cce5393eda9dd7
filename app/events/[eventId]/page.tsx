import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { EventDetail } from "@/components/events/event-detail";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ eventId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Evento" };

export default function Page() {
  return <EventDetail />;
}
