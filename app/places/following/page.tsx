import type { Metadata } from "next";
import { FollowingPlaces } from "@/components/places/place-lists";

export const metadata: Metadata = { title: "Lugares que sigo" };

export default function Page() {
  return <FollowingPlaces />;
}
