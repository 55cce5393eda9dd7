import type { Metadata } from "next";
import { FollowingEvents } from "@/components/events/following-events";

export const metadata: Metadata = { title: "Eventos que sigo" };

export default function Page() {
  return <FollowingEvents />;
}
