import { describe, expect, it } from "vitest";
import { FileResult } from "@/lib/core/file-result";
import { fileResponse } from "@/lib/http/file-response";
import { GET as stream } from "@/app/v1/webhooks/listen-sessions/[id]/stream/route";
import { emitTestEvent, merchantContext } from "../test-support";
import { createSession, deleteSession } from "./sessions";
import { streamSession, type StreamTiming } from "./stream";

const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

async function session(events?: string[]) {
  const m = await merchantContext();
  const created = await createSession(m.ctx, { events: events as never });
  return { ...m, created };
}

const iterate = async (result: FileResult) => (result.file.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();

describe("a listen session's stream, as the operation yields it", () => {
  it("writes a keepalive comment when quiet", async () => {
    const { ctx, created } = await session();
    const timing: StreamTiming = { pollMs: 20, heartbeatMs: 1_000, keepaliveMs: 100 };
    const it = await iterate(await streamSession(ctx, created.id, timing));
    expect(text((await it.next()).value)).toBe(`event: ready\ndata: ${JSON.stringify({ session_id: created.id, enabled_events: ["*"] })}\n\n`);
    expect(text((await it.next()).value)).toBe(": keepalive\n\n");
    await it.return!();
  });

  it("stops its loop at once when the client goes away (return), even in the middle of a wait", async () => {
    const { ctx, created } = await session();
    const it = await iterate(await streamSession(ctx, created.id, { pollMs: 60_000, heartbeatMs: 60_000, keepaliveMs: 60_000 }));
    await it.next();
    // The next message is awaited in a minute-long sleep, as a reader's pull would be.
    const pending = it.next();
    const started = Date.now();
    await it.return!();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("ends when the session is closed", async () => {
    const { ctx, created } = await session();
    const it = await iterate(await streamSession(ctx, created.id, { pollMs: 20, heartbeatMs: 60_000, keepaliveMs: 60_000 }));
    await it.next();
    await deleteSession(ctx, created.id);
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it("through a Web Response (the Next.js path): the body streams, and cancelling it stops the loop", async () => {
    const { created, testKey, merchant, applicationId } = await session();
    const res = await stream(new Request(`http://localhost:3000/v1/webhooks/listen-sessions/${created.id}/stream`, { headers: { authorization: `Bearer ${testKey}` } }), {
      params: Promise.resolve({ id: created.id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = res.body!.getReader();
    expect(text((await reader.read()).value)).toContain("event: ready");
    const event = await emitTestEvent({ merchantId: merchant.id, applicationId });
    expect(text((await reader.read()).value)).toContain(`"event_id":"${event.id}"`);
    const started = Date.now();
    await reader.cancel();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("a FileResult of scope live is never cached nor transformed", () => {
    const res = fileResponse(new FileResult({ body: "x", contentType: "text/event-stream", cache: { scope: "live" } }));
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
  });
});
