import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { EditPlace } from "@/components/places/place-editor";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ placeId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Editar lugar" };

export default function Page() {
  return <EditPlace />;
}
