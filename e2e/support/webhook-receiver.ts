import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Receipt = { eventId: string; type: string; objectId: string; at: number };

/**
 * A merchant's webhook receiver on this machine: answers 200 to every delivery and records it by
 * event id (the `webhook-id` header, the same on every attempt). Only complete requests count: a
 * sender that dies mid-request delivered nothing. `answerAfterMs` holds each answer back, as a
 * receiver doing its own work first would, so attempts stay in flight for a while.
 */
export async function startWebhookReceiver({ answerAfterMs = 0 }: { answerAfterMs?: number } = {}) {
  const receipts: Receipt[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const event = JSON.parse(body) as { id: string; type: string; data: { id: string } };
      receipts.push({ eventId: String(req.headers["webhook-id"]), type: event.type, objectId: event.data.id, at: Date.now() });
      setTimeout(() => res.writeHead(200).end("ok"), answerAfterMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cauri`,
    receipts,
    /** How many times each event id arrived, optionally only the receipts matching `filter`. */
    counts(filter: (r: Receipt) => boolean = () => true): Map<string, number> {
      const counts = new Map<string, number>();
      for (const r of receipts.filter(filter)) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // The app's keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
