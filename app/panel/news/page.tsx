import type { Metadata } from "next";
import { AdminNews } from "@/components/admin/content/admin-lists";

export const metadata: Metadata = { title: "Panel de administración: Noticias" };

export default function Page() {
  return <AdminNews />;
}
