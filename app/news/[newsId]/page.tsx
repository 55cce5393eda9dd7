import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { NewsDetail } from "@/components/news/news-detail";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ newsId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Noticia" };

export default function Page() {
  return <NewsDetail />;
}
