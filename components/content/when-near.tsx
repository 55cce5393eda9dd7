"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import { whenIdle } from "@/lib/idle";
import { CardSkeletons, SectionRoom, type CardRoom } from "./card-skeletons";

/**
 * A list below the first screen: rendered (and its code loaded) once it comes within reach of the
 * viewport, so it does not hold the main thread while the first screen paints on a phone. Until
 * then card skeletons taking the room the list will (`room`: without it, pressing End on the home
 * ended halfway down, the page twice as tall by then), hidden from assistive technology since
 * nothing is loading yet (the section's heading is there; its content arrives as the reader moves
 * towards it). Once near, the placeholders of its code and its data loading keep that room too.
 * `keep` fetches the list's data once the page is idle, nothing rendered, so the page is whole
 * offline as before: it must ask for exactly what the children ask for.
 */
export function WhenNear({ children, keep, room }: { children: ReactNode; keep?: (queryClient: QueryClient) => unknown; room?: CardRoom }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, "400px");
  const queryClient = useQueryClient();
  const keepRef = useRef(keep);
  useEffect(() => {
    keepRef.current = keep;
  });
  useEffect(() => {
    if (near) return;
    return whenIdle(() => void keepRef.current?.(queryClient), { timeoutMs: 4000, fallbackMs: 2000 });
  }, [near, queryClient]);
  if (near) return room ? <SectionRoom.Provider value={room}>{children}</SectionRoom.Provider> : <>{children}</>;
  return (
    <div ref={ref}>
      <CardSkeletons count={2} {...room} label={null} />
    </div>
  );
}
