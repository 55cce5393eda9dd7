import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchView } from "@/components/search/search-view";

export const metadata: Metadata = { title: "Búsqueda" };

export default function Page() {
  return (
    <Suspense>
      <SearchView />
    </Suspense>
  );
}
