import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Crear comunidad" };

export default function Page() {
  return <SectionPage title="Crear comunidad" empty="El formulario de comunidades aún no está disponible." />;
}
