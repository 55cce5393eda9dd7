"use client";

import { communityQueries } from "@/lib/api/communities";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { CommunityForm } from "./community-form";

export const CreateCommunity = () => <CreatePage kind="communities"><CommunityForm /></CreatePage>;

export const EditCommunity = () => <EditPage kind="communities" query={communityQueries.detailQuery} skeletonLines={4}>{(community) => <CommunityForm community={community} />}</EditPage>;
