import type { Metadata } from "next";
import { AdminTags } from "@/components/admin/tags/admin-tags";

export const metadata: Metadata = { title: "Panel de administración: Etiquetas" };

export default function Page() {
  return <AdminTags />;
}
