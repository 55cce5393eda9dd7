import http from "node:http";
import type { AddressInfo } from "node:net";

// Requests over a real socket to the listening test app. Fastify's `app.inject` would be the
// usual tool, but its light-my-request dependency pulls in an ESM-only `cookie` that Jest cannot
// load on Node 20 with the current transform settings. A raw http.request also keeps the path
// exactly as written (fetch would normalise `..` and `%2e%2e` away, hiding traversal attempts).

export interface RequestOptions {
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  url: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON (with its content type unless one is given); strings and Buffers as is. */
  payload?: unknown;
}

export interface TestResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  json(): any;
}

export function requestTo(address: AddressInfo, options: RequestOptions): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.payload !== undefined) {
    if (Buffer.isBuffer(options.payload)) {
      body = options.payload;
    } else if (typeof options.payload === "string") {
      body = Buffer.from(options.payload);
    } else {
      body = Buffer.from(JSON.stringify(options.payload));
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    }
    headers["content-length"] = String(body.length);
  }

  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: address.address, port: address.port, method: options.method ?? "GET", path: options.url, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (body) req.write(body);
    req.end();
  });
}
