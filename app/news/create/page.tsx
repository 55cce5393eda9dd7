import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Crear noticia" };

export default function Page() {
  return <SectionPage title="Crear noticia" empty="El formulario de noticias aún no está disponible." />;
}
