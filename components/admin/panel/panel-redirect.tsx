"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Skeleton } from "@/components/ui/skeleton";

/** /panel itself: admins land on the panel's home (the guard already sent everyone else away). */
export function PanelRedirect() {
  const router = useRouter();
  useEffect(() => {
    router.replace("/panel/home/");
  }, [router]);
  return <Skeleton lines={2} label="Abriendo el panel" />;
}
