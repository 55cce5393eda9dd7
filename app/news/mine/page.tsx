import type { Metadata } from "next";
import { MyNews } from "@/components/news/news-lists";

export const metadata: Metadata = { title: "Mis noticias" };

export default function Page() {
  return <MyNews />;
}
