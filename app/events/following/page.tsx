import type { Metadata } from "next";
import { FollowingEvents } from "@/components/events/event-lists";

export const metadata: Metadata = { title: "Eventos que sigo" };

export default function Page() {
  return <FollowingEvents />;
}
