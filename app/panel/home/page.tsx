import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { PanelHome } from "@/components/admin/panel/panel-home";

export const metadata: Metadata = { title: "Panel de administración: Inicio" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Inicio" />
      <PanelHome />
    </>
  );
}
