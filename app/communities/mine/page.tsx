import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Mis comunidades" };

export default function Page() {
  return <SectionPage title="Mis comunidades" empty="Aún no tienes comunidades." />;
}
