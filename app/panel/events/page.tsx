import type { Metadata } from "next";
import { AdminEvents } from "@/components/admin/content/admin-lists";

export const metadata: Metadata = { title: "Panel de administración: Eventos" };

export default function Page() {
  return <AdminEvents />;
}
