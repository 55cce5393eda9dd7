import type { Metadata } from "next";
import { AdminPlaces } from "@/components/admin/content/admin-lists";

export const metadata: Metadata = { title: "Panel de administración: Lugares" };

export default function Page() {
  return <AdminPlaces />;
}
