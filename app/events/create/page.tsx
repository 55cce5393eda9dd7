import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Crear evento" };

export default function Page() {
  return <SectionPage title="Crear evento" empty="El formulario de eventos aún no está disponible." />;
}
