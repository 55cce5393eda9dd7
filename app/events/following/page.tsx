import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Eventos que sigues" };

export default function Page() {
  return <SectionPage title="Eventos que sigues" empty="Aún no sigues ningún evento." />;
}
