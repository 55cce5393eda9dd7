import type { Metadata } from "next";
import { MyEvents } from "@/components/events/my-events";

export const metadata: Metadata = { title: "Mis eventos" };

export default function Page() {
  return <MyEvents />;
}
