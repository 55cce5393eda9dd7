import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchView } from "@/components/search/search-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Búsqueda" };

export default function Page() {
  return (
    <Suspense fallback={<PageHeader title="Búsqueda" />}>
      <SearchView />
    </Suspense>
  );
}
