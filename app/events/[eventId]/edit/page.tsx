import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { EditEvent } from "@/components/events/event-editor";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ eventId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Editar evento" };

export default function Page() {
  return <EditEvent />;
}
