/**
 * A parser of the text/event-stream format (WHATWG HTML, "Server-sent events"), fed the body's
 * chunks as they arrive: a chunk may end anywhere (mid-line, between \r and \n). An event is
 * dispatched at a blank line; `data` lines join with \n; comment lines (`: keepalive`) are
 * reported separately, so a caller can tell a live connection from a dead one.
 */
export type SseEvent = { event: string; data: string; id?: string; retry?: number };

export class SseParser {
  private buffer = "";
  private lastWasCr = false;
  private data: string[] = [];
  private event = "";
  private id: string | undefined;
  private retry: number | undefined;
  /** The last `id:` seen in the stream (the Last-Event-ID to reconnect with). */
  lastEventId: string | undefined;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onComment: (text: string) => void = () => {},
  ) {}

  feed(chunk: string): void {
    let text = chunk;
    // A \r ended the previous chunk: a \n starting this one is the same line break.
    if (this.lastWasCr && text.startsWith("\n")) text = text.slice(1);
    this.lastWasCr = text.endsWith("\r");
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return this.onComment(line.slice(1).trimStart());
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
  }

  private dispatch(): void {
    if (this.id !== undefined) this.lastEventId = this.id;
    if (this.data.length > 0) {
      this.onEvent({ event: this.event || "message", data: this.data.join("\n"), id: this.id ?? this.lastEventId, retry: this.retry });
    }
    this.data = [];
    this.event = "";
    this.id = undefined;
    this.retry = undefined;
  }
}
