import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Noticias que sigues" };

export default function Page() {
  return <SectionPage title="Noticias que sigues" empty="Aún no sigues ninguna noticia." />;
}
