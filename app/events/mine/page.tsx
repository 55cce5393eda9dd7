import type { Metadata } from "next";
import { MyEvents } from "@/components/events/event-lists";

export const metadata: Metadata = { title: "Mis eventos" };

export default function Page() {
  return <MyEvents />;
}
