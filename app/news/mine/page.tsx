import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Mis noticias" };

export default function Page() {
  return <SectionPage title="Mis noticias" empty="Aún no has publicado noticias." />;
}
