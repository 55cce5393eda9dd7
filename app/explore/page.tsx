import type { Metadata } from "next";
import { Suspense } from "react";
import { DiscoveryView } from "@/components/discovery/discovery-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Explorar eventos" };

export default function Page() {
  return (
    <Suspense fallback={<PageHeader title="Explorar eventos" />}>
      <DiscoveryView />
    </Suspense>
  );
}
