import { describe, expect, it } from "vitest";
import { SseParser, type SseEvent } from "./sse";

const parse = (chunks: string[]) => {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = new SseParser((e) => events.push(e), (c) => comments.push(c));
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, parser };
};

describe("SseParser", () => {
  it("reads named events with ids, and comments apart", () => {
    const { events, comments } = parse([": keepalive\n\nevent: ready\ndata: {\"a\":1}\n\nid: whd_1\nevent: delivery\ndata: {}\n\n"]);
    expect(comments).toEqual(["keepalive"]);
    expect(events).toEqual([
      { event: "ready", data: '{"a":1}', id: undefined, retry: undefined },
      { event: "delivery", data: "{}", id: "whd_1", retry: undefined },
    ]);
  });

  it("joins data lines, defaults the type to message, and takes a value without its one leading space", () => {
    expect(parse(["data:a\ndata:  b\n\n"]).events).toEqual([{ event: "message", data: "a\n b", id: undefined, retry: undefined }]);
  });

  it("waits for the blank line: an event split anywhere across chunks, CRLF split between \\r and \\n", () => {
    const text = "event: delivery\r\nid: whd_2\r\ndata: {\"body\":\"x\"}\r\n\r\n";
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(events, `cut at ${cut}`).toEqual([{ event: "delivery", data: '{"body":"x"}', id: "whd_2", retry: undefined }]);
    }
  });

  it("dispatches nothing for an event without data, keeps the last id for reconnection, reads retry", () => {
    const { events, parser } = parse(["id: whd_3\nevent: delivery\n\nretry: 3000\ndata: x\n\n", "data: unfinished"]);
    expect(events).toEqual([{ event: "message", data: "x", id: "whd_3", retry: 3000 }]);
    expect(parser.lastEventId).toBe("whd_3");
  });
});
