import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Mis direcciones" };

export default function Page() {
  return <SectionPage title="Mis direcciones" empty="Aún no tienes direcciones guardadas." />;
}
