import { z } from "zod";
import type { DomainContext } from "@/lib/context";
import { recentRequests, requestDetail, type RequestLogFilter } from "./store";

type Scope = Pick<DomainContext, "db" | "application" | "mode">;

const requestLogSchema = z.object({
  id: z.string().describe("The entry's id: pass the last one seen as `after` to follow the log"),
  object: z.literal("request_log"),
  method: z.string(),
  path: z.string().describe("Without the query string"),
  status: z.number().int(),
  duration_ms: z.number().int(),
  request_id: z.string().describe("The request's X-Request-Id"),
  created_at: z.string().describe("ISO 8601 UTC"),
});
export const requestLogListSchema = z.array(requestLogSchema);
export const requestLogListExtra = {
  has_more: z.boolean().describe("With `after`: newer entries remain past this page. Without: older entries exist before it."),
};
export const requestLogDetailSchema = requestLogSchema.extend({
  request_body: z.string().nullable().describe("The JSON body sent, secrets masked, cut at 8 KiB; null when there was none"),
  response_body: z.string().nullable().describe("The JSON answered, masked and cut the same way"),
});

/** GET /v1/request-logs: a page of recentRequests, with `has_more` (one more row is read to know). */
export async function listRequestLogs(ctx: Scope, q: RequestLogFilter) {
  const rows = await recentRequests(ctx, { ...q, limit: q.limit + 1 });
  return { items: rows.slice(0, q.limit).map(({ id, ...r }) => ({ id, object: "request_log" as const, ...r })), has_more: rows.length > q.limit };
}

/** GET /v1/request-logs/{id}: one entry with its masked bodies. */
export async function getRequestLog(ctx: Scope, id: string) {
  const { id: entryId, ...entry } = await requestDetail(ctx, id);
  return { id: entryId, object: "request_log" as const, ...entry };
}
