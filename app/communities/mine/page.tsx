import type { Metadata } from "next";
import { MyCommunities } from "@/components/communities/community-lists";

export const metadata: Metadata = { title: "Mis comunidades" };

export default function Page() {
  return <MyCommunities />;
}
