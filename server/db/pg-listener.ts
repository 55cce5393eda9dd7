import pg from "pg";

/**
 * LISTEN needs a session of its own (a pooled connection would be handed to other queries), so
 * each handle keeps one dedicated client, opened on the first subscription and reopened with the
 * same channels if the server drops it. Notifications sent while it is down are lost: callers
 * that cannot afford that re-read their state from tables (SSE clients reconnect and re-fetch).
 */
export function createPgListener(databaseUrl: string, report: (error: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on("notification", (message) => {
        const set = handlers.get(message.channel);
        if (!set) return;
        for (const handler of set) {
          try {
            handler(message.payload ?? "");
          } catch (error) {
            report(error as Error);
          }
        }
      });
      const dropped = (error?: Error) => {
        if (client !== next) return;
        client = null;
        connecting = null;
        if (error) report(error);
        if (!closed && handlers.size > 0) scheduleReconnect();
      };
      next.on("error", dropped);
      next.on("end", () => dropped());
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
      client = next;
      return next;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  const scheduleReconnect = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        report(error as Error);
        scheduleReconnect();
      });
    }, 1000);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      if (closed) throw new Error("La base de datos está cerrada.");
      let set = handlers.get(channel);
      const isNewChannel = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const active = await connect();
      // LISTEN twice is harmless, so a connection that already subscribed while opening is fine.
      if (isNewChannel) await active.query(`LISTEN "${channel}"`);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (client && !closed) await client.query(`UNLISTEN "${channel}"`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      handlers.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
