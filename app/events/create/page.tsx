import type { Metadata } from "next";
import { CreateEvent } from "@/components/events/event-editor";

export const metadata: Metadata = { title: "Crear evento" };

export default function Page() {
  return <CreateEvent />;
}
