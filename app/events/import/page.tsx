import type { Metadata } from "next";
import { ImportEvents } from "@/components/events/import/import-events";

export const metadata: Metadata = { title: "Importar eventos" };

export default function Page() {
  return <ImportEvents />;
}
