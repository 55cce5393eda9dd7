import type { Metadata } from "next";
import { AllNews } from "@/components/news/news-lists";

export const metadata: Metadata = { title: "Noticias" };

export default function Page() {
  return <AllNews />;
}
