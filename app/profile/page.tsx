import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { MyProfile } from "@/components/profile/my-profile";

export const metadata: Metadata = { title: "Mi perfil" };

export default function Page() {
  return (
    <>
      <PageHeader title="Mi perfil" />
      <MyProfile />
    </>
  );
}
