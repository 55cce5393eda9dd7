import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { PanelRedirect } from "@/components/admin/panel/panel-redirect";

export const metadata: Metadata = { title: "Panel de administración" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración" />
      <PanelRedirect />
    </>
  );
}
