import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { FollowingPage } from "@/components/profile/following-page";

export const metadata: Metadata = { title: "Lo que sigues" };

export default function Page() {
  return (
    <>
      <PageHeader title="Lo que sigues" />
      <FollowingPage />
    </>
  );
}
