import { and, eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { getLog } from "../logs";
import { cleanExcerpt } from "../send";
import { openSession } from "./sessions";
import type { ReportResultsBody } from "./schemas";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

const succeeded = (code: number | null) => code !== null && code >= 200 && code < 300;

/**
 * POST /v1/webhooks/listen-sessions/{id}/results: what the CLI's forwards of one streamed delivery
 * got. Each forward is an attempt (trigger "automatic", numbered after the delivery's earlier
 * ones), and the delivery ends SUCCESS when every forward got a 2xx, FAILED otherwise: the CLI
 * does not retry, and neither does the worker (it never sends a session's deliveries). A delivery
 * already ended answers 409 and records nothing; the row lock makes two reports of the same
 * delivery take turns, so exactly one of them records. Runs in the request's transaction.
 */
export async function reportResults(ctx: Scoped, sessionId: string, body: ReportResultsBody) {
  const session = await openSession(ctx, sessionId);
  const [delivery] = await ctx.db
    .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, attemptCount: webhookDeliveries.attemptCount, autoAttempts: webhookDeliveries.autoAttempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, body.delivery_id), eq(webhookDeliveries.endpointId, session.id)))
    .for("update");
  if (!delivery) throw new ApiError("WEBHOOK_LOG_NOT_FOUND", undefined, { param: "delivery_id" });
  if (delivery.status !== "PENDING") throw new ApiError("LISTEN_DELIVERY_ALREADY_REPORTED", undefined, { param: "delivery_id" });

  const now = Date.now();
  const rows = body.attempts.map((a, i) => {
    const ok = succeeded(a.status_code);
    return {
      id: newId("wha"),
      deliveryId: delivery.id,
      number: delivery.attemptCount + i + 1,
      trigger: "automatic" as const,
      url: a.url,
      status: ok ? ("SUCCESS" as const) : ("FAILED" as const),
      statusCode: a.status_code,
      // As postWebhook words a status that is not a 2xx, when the CLI said nothing more.
      error: ok ? null : (a.error ?? `HTTP ${a.status_code}`),
      responseExcerpt: a.response_excerpt === undefined ? null : cleanExcerpt(Buffer.from(a.response_excerpt, "utf8")),
      durationMs: a.duration_ms,
      startedAt: new Date(now - a.duration_ms),
    };
  });
  await ctx.db.insert(webhookAttempts).values(rows);
  const allOk = rows.every((r) => r.status === "SUCCESS");
  // The delivery shows the forward that decided it: the first that failed, or the last.
  const shown = rows.find((r) => r.status === "FAILED") ?? rows[rows.length - 1];
  await ctx.db
    .update(webhookDeliveries)
    .set({
      status: allOk ? "SUCCESS" : "FAILED",
      attemptCount: delivery.attemptCount + rows.length,
      autoAttempts: delivery.autoAttempts + rows.length,
      nextAttemptAt: null,
      claimToken: null,
      lastAttemptAt: shown.startedAt,
      lastStatusCode: shown.statusCode,
      lastError: shown.error,
      lastResponseExcerpt: shown.responseExcerpt,
      deliveredAt: allOk ? (sql`now()` as unknown as Date) : null,
      updatedAt: sql`now()` as unknown as Date,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  return getLog(ctx, delivery.id);
}
