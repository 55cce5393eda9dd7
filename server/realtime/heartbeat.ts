// Keeps idle streams alive (a comment line every `intervalMs`) with one timer per instance rather
// than one per stream. Streams are spread over `slots` turns of that timer, so 10,000 open
// streams cost a few hundred writes per tick instead of 10,000 in one tick every interval (a
// stall every stream's events would wait behind).

export interface Heartbeat {
  /** Calls `beat` about every `intervalMs` until the returned function is called. */
  add(beat: () => void): () => void;
  /** Streams being kept alive. */
  size(): number;
  stop(): void;
}

export function createHeartbeat(intervalMs: number, { slots = 25 }: { slots?: number } = {}): Heartbeat {
  const wheel = Array.from({ length: Math.max(1, Math.min(slots, intervalMs)) }, () => new Set<() => void>());
  const tickMs = intervalMs / wheel.length;
  let next = 0;
  let turn = 0;
  let count = 0;
  let timer: NodeJS.Timeout | null = null;

  const tick = () => {
    const slot = wheel[turn]!;
    turn = (turn + 1) % wheel.length;
    for (const beat of slot) beat();
  };

  return {
    add(beat) {
      // Round robin: a new stream's first beat comes within one interval, like its own timer's.
      const slot = wheel[next]!;
      next = (next + 1) % wheel.length;
      slot.add(beat);
      count++;
      // Idle instances keep no timer; it never holds the process open either.
      if (!timer) timer = setInterval(tick, tickMs).unref();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (slot.delete(beat)) count--;
        if (count === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    size: () => count,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const slot of wheel) slot.clear();
      count = 0;
    },
  };
}
