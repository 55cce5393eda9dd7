import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Búsqueda" };

export default function Page() {
  return <SectionPage title="Búsqueda" empty="La búsqueda aún no está disponible." />;
}
