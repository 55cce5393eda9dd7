import type { Metadata } from "next";
import { AdminCommunities } from "@/components/admin/content/admin-lists";

export const metadata: Metadata = { title: "Panel de administración: Comunidades" };

export default function Page() {
  return <AdminCommunities />;
}
