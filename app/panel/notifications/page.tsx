import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { SendNotificationForm } from "@/components/admin/notifications/send-notification-form";

export const metadata: Metadata = { title: "Panel de administración: Notificaciones" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Notificaciones" />
      <SendNotificationForm />
    </>
  );
}
