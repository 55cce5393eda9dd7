"use client";

import { useSearchParams } from "next/navigation";
import { newsQueries } from "@/lib/api/news";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { NewsForm } from "./news-form";

/** From a community's page the new piece starts in that community (`?community=`). */
export function CreateNews() {
  const community = useSearchParams().get("community") ?? undefined;
  return <CreatePage kind="news"><NewsForm presetCommunityId={community} /></CreatePage>;
}

export const EditNews = () => <EditPage kind="news" query={newsQueries.detailQuery}>{(news) => <NewsForm news={news} />}</EditPage>;
