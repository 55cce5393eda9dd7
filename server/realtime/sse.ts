// Server-sent events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).

export interface SseEvent {
  id?: string;
  event?: string;
  data: unknown;
}

/** One event; `data` is sent as one line of JSON (JSON never contains a raw newline). */
export function formatSseEvent({ id, event, data }: SseEvent): string {
  let out = "";
  if (id !== undefined) out += `id: ${id.replace(/[\r\n]/g, "")}\n`;
  if (event !== undefined) out += `event: ${event.replace(/[\r\n]/g, "")}\n`;
  return `${out}data: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by EventSource, keeps proxies from closing an idle connection. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, " ")}\n\n`;
}
