import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Comunidades que sigues" };

export default function Page() {
  return <SectionPage title="Comunidades que sigues" empty="Aún no sigues ninguna comunidad." />;
}
