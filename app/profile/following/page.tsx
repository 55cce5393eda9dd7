import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { FollowingList } from "@/components/profile/following-list";

export const metadata: Metadata = { title: "Personas que sigues" };

export default function Page() {
  return (
    <>
      <PageHeader title="Personas que sigues" />
      <FollowingList />
    </>
  );
}
