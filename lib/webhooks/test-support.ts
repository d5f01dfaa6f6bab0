import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { applications, webhookDeliveries, type Mode } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { createEndpoint } from "./endpoints";
import type { EventType } from "./event-types";
import type { CreateEndpointBody } from "./schemas";

/** What one request to a test receiver got. */
export type Received = { headers: Record<string, string>; body: string; at: number };

/** How the receiver answers its n-th request (from 1): a status and body, a delay, or no answer at all. */
export type Answer = { status?: number; body?: string; delayMs?: number; hang?: boolean; headers?: Record<string, string> };

/**
 * A real HTTP server on 127.0.0.1 standing in for a merchant's webhook receiver. Records every
 * request (headers, exact body, arrival time) and answers per `answer(n)` (default 200 "ok").
 */
export async function startReceiver(answer: (n: number, req: Received) => Answer = () => ({})) {
  const received: Received[] = [];
  const sockets = new Set<import("node:net").Socket>();
  // Requests open at once (arrived, not yet answered or abandoned by the sender), and the most seen.
  const load = { open: 0, max: 0 };
  const server = http.createServer((req, res) => {
    load.open++;
    load.max = Math.max(load.max, load.open);
    res.on("close", () => load.open--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry: Received = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      const a = answer(received.length, entry);
      if (a.hang) return;
      const send = () => {
        res.writeHead(a.status ?? 200, { "content-type": "text/plain", ...a.headers });
        res.end(a.body ?? "ok");
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    load,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Emits an event the way the payments core does: inside a transaction, committed on return. */
export async function emitTestEvent(input: { merchantId: string; applicationId: string; mode?: Mode; type?: EventType; objectId?: string }) {
  return db().transaction((tx) =>
    emitEvent(tx as never, {
      merchantId: input.merchantId,
      applicationId: input.applicationId,
      mode: input.mode ?? "test",
      type: input.type ?? "payment.success",
      object: { id: input.objectId ?? `txn_${Math.random().toString(36).slice(2)}`, status: "SUCCESS", amount: 1500, currency: "XOF" },
      at: new Date(),
    }),
  );
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 5_000, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function deliveryRow(id: string) {
  const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** A merchant (test and live keys) and a scoped context for its application, for calling lib functions directly. */
export async function merchantContext(mode: Mode = "test", settings: Parameters<typeof newMerchant>[0] = {}) {
  const created = mode === "live" ? await newLiveMerchant(settings) : await newMerchant(settings);
  const [application] = await db().select().from(applications).where(eq(applications.id, created.applicationId));
  const ctx = { db: db(), merchant: created.merchant, application, mode, now: new Date(), source: "api" as const };
  return { ...created, ctx };
}

/** An endpoint for `url` on the context's application and mode; returns it with its secret. */
export async function endpointFor(ctx: Awaited<ReturnType<typeof merchantContext>>["ctx"], url: string, body: Partial<CreateEndpointBody> = {}) {
  return db().transaction((tx) => createEndpoint({ ...ctx, db: tx as never }, { url, enabled: true, ...body }));
}
