import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Mis lugares" };

export default function Page() {
  return <SectionPage title="Mis lugares" empty="Aún no has registrado lugares." />;
}
