// The floor for bench/notifications-streams.mjs: a bare Node http server holding SSE streams and
// writing the same frames as the API (retry, `ready`, `notification`, shared `: ping`), with no
// framework, database or authentication. Prints one JSON line ({ ready, port }) when listening.
//   GET  /stream?ticket=<t>        holds a stream (the ticket names the user)
//   POST /send?ticket=<t>          body { title, body }: one notification to that user's streams
//   POST /broadcast                body { title, body }: one notification to every stream
//   GET  /memory                   memory after a full GC (run with --expose-gc)
import { randomUUID } from "node:crypto";
import http from "node:http";

const streams = new Map();
let count = 0;

const frame = (notification) => `id: ${notification._id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
const notificationFor = (ticket, { title, body }) => ({
  _id: randomUUID(),
  userId: ticket,
  kind: "admin_message",
  title,
  body,
  link: null,
  data: {},
  viewed: false,
  createdAt: new Date().toISOString(),
});

function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => resolve(JSON.parse(text || "{}")));
    req.on("error", reject);
  });
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://floor");
  const ticket = url.searchParams.get("ticket");
  if (req.method === "GET" && url.pathname === "/stream" && ticket) {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
    res.socket.setNoDelay(true);
    let set = streams.get(ticket);
    if (!set) streams.set(ticket, (set = new Set()));
    set.add(res);
    count++;
    res.on("close", () => {
      count--;
      set.delete(res);
      if (set.size === 0) streams.delete(ticket);
    });
    res.write(`retry: 3000\n\nevent: ready\ndata: ${JSON.stringify({ unviewed: 0 })}\n\n`);
    return;
  }
  if (req.method === "POST" && url.pathname === "/send" && ticket) {
    const text = frame(notificationFor(ticket, await readJson(req)));
    for (const stream of streams.get(ticket) ?? []) stream.write(text);
    return res.end('{"data":{"sent":1}}');
  }
  if (req.method === "POST" && url.pathname === "/broadcast") {
    const input = await readJson(req);
    // One row per user in the API, so one serialisation per user here too.
    for (const [user, set] of streams) {
      const text = frame(notificationFor(user, input));
      for (const stream of set) stream.write(text);
    }
    return res.end(`{"data":{"sent":${streams.size}}}`);
  }
  if (req.method === "GET" && url.pathname === "/memory") {
    globalThis.gc?.();
    globalThis.gc?.();
    return res.end(JSON.stringify({ data: { ...process.memoryUsage(), streams: count, gc: Boolean(globalThis.gc) } }));
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
server.headersTimeout = 0;

setInterval(() => {
  for (const set of streams.values()) for (const stream of set) stream.write(": ping\n\n");
}, Number(process.env.SSE_HEARTBEAT_MS || 25_000)).unref();

server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ ready: true, port: server.address().port })));
process.once("SIGTERM", () => process.exit(0));
