import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Agregar dirección" };

export default function Page() {
  return <SectionPage title="Agregar dirección" empty="El formulario de direcciones aún no está disponible." />;
}
