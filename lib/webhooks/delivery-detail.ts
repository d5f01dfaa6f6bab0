import { eq } from "drizzle-orm";
import { webhookAttempts } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { getLog } from "./logs";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

/**
 * One delivery as the dashboard opens it: what GET /v1/webhooks/logs/{id} answers (the event
 * sent, every attempt) plus, per attempt, the headers sent and received. The signing secret is
 * never among them: only the signatures it made.
 */
export async function deliveryDetail(ctx: Scoped, id: string) {
  const log = await getLog(ctx, id);
  const headers = await ctx.db
    .select({ id: webhookAttempts.id, request: webhookAttempts.requestHeaders, response: webhookAttempts.responseHeaders })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id));
  const byAttempt = new Map(headers.map((h) => [h.id, h]));
  return {
    ...log,
    attempts: log.attempts.map((a) => ({ ...a, request_headers: byAttempt.get(a.id)?.request ?? null, response_headers: byAttempt.get(a.id)?.response ?? null })),
  };
}

export type DeliveryDetail = Awaited<ReturnType<typeof deliveryDetail>>;
