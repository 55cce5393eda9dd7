import type { Metadata } from "next";
import { FollowingNews } from "@/components/news/news-lists";

export const metadata: Metadata = { title: "Noticias que sigo" };

export default function Page() {
  return <FollowingNews />;
}
