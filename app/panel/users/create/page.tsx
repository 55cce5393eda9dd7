import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Crear usuario" };

export default function Page() {
  return <SectionPage title="Panel de administración: Crear usuario" empty="El formulario de usuarios aún no está disponible." />;
}
