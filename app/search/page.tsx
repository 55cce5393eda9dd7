import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchBox, SearchHeader, SearchView } from "@/components/search/search-view";

export const metadata: Metadata = { title: "Búsqueda" };

// The query is read from the URL in the browser (useSearchParams): only what depends on it waits
// for the script; the heading is in the HTML.
export default function Page() {
  return (
    <>
      <SearchHeader />
      <Suspense fallback={<SearchBox />}>
        <SearchView />
      </Suspense>
    </>
  );
}
