import type { Metadata } from "next";
import { FollowingCommunities } from "@/components/communities/community-lists";

export const metadata: Metadata = { title: "Comunidades que sigo" };

export default function Page() {
  return <FollowingCommunities />;
}
