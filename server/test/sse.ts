import http from "node:http";
import type { AddressInfo } from "node:net";

// A minimal EventSource for tests: opens the stream over a real socket and parses the events as
// they arrive, so delivery times are measured as a browser would see them.

export interface ReceivedEvent {
  id?: string;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  data: any;
  receivedAt: number;
}

export interface TestStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event (from the start) matching `predicate`. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  /** The body, for non-200 answers. */
  body(): string;
}

export function openStream(address: AddressInfo, url: string, headers: Record<string, string> = {}): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: address.address, port: address.port, path: url, headers: { accept: "text/event-stream", ...headers }, agent: false });
    req.on("error", reject);
    req.on("response", (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters: { predicate: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }[] = [];
      let buffer = "";
      let raw = "";
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: Partial<ReceivedEvent> & { dataLines: string[] } = { dataLines: [] };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("data:")) {
              event.dataLines.push(line.slice(5).trimStart());
              isEvent = true;
            }
            else if (line.startsWith("event:")) event.event = line.slice(6).trim();
            else if (line.startsWith("id:")) event.id = line.slice(3).trim();
          }
          if (!isEvent) continue;
          const received: ReceivedEvent = {
            id: event.id,
            event: event.event ?? "message",
            data: JSON.parse(event.dataLines.join("\n")),
            receivedAt: performance.now(),
          };
          events.push(received);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(received)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(received);
            }
          }
        }
      });
      res.on("end", endResolve);
      res.on("close", endResolve);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        body: () => raw,
        waitFor(predicate, timeoutMs = 5000) {
          const found = events.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((resolveWait, rejectWait) => {
            const timer = setTimeout(() => rejectWait(new Error(`Ningún evento esperado llegó en ${timeoutMs} ms`)), timeoutMs);
            waiters.push({
              predicate,
              resolve: (e) => {
                clearTimeout(timer);
                resolveWait(e);
              },
            });
          });
        },
        close() {
          req.destroy();
          res.destroy();
        },
      });
    });
  });
}
