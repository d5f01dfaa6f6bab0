import { z } from "zod";
import { input } from "@/lib/core/validation";
import { EVENT_TYPES, EVENT_VERSION } from "./event-types";
import { MAX_SECRET_GRACE_SECONDS } from "./policy";

const timestamp = z.string().describe("ISO 8601 UTC");

/** Shape only; the mode-dependent rules (HTTPS in live, public addresses) are checked in endpoints.ts. */
export const webhookUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password && u.hostname !== "";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL without credentials")
  .describe("Where events are POSTed. HTTPS is required for live endpoints.");

const eventTypeOrAll = z.union([z.literal("*"), z.enum(EVENT_TYPES)]);

/** A non-empty list of catalogue types, or ["*"]; "*" beside other types means every type. */
export const enabledEvents = z
  .array(eventTypeOrAll)
  .min(1)
  .max(EVENT_TYPES.length + 1)
  .transform((list) => (list.includes("*") ? ["*"] : [...new Set(list)]))
  .describe('Event types sent to this endpoint (see GET /v1/webhook-event-types), or ["*"] (default) for every type.');

const description = z.string().trim().max(500).describe("Your own note, at most 500 characters.");

export const createEndpointSchema = z.object({
  url: webhookUrl,
  description: description.nullish(),
  enabled_events: enabledEvents.optional(),
  enabled: z.boolean().default(true).describe("A disabled endpoint receives nothing; its pending retries end FAILED."),
});
export const CreateEndpointInput = input(createEndpointSchema, {
  url: { missing: "MISSING_FIELD", invalid: "INVALID_WEBHOOK_URL" },
  enabled_events: "INVALID_EVENT_TYPE",
});
export type CreateEndpointBody = z.output<typeof createEndpointSchema>;

export const updateEndpointSchema = z.object({
  url: webhookUrl.optional(),
  description: description.nullish(),
  enabled_events: enabledEvents.optional(),
  enabled: z.boolean().optional(),
});
export const UpdateEndpointInput = input(updateEndpointSchema, { url: "INVALID_WEBHOOK_URL", enabled_events: "INVALID_EVENT_TYPE" });
export type UpdateEndpointBody = z.output<typeof updateEndpointSchema>;

export const rollSecretSchema = z.object({
  grace_period_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_SECRET_GRACE_SECONDS)
    .default(0)
    .describe("How long the previous secret keeps signing beside the new one (0 to 86,400 s; default 0: it stops now). During that time each delivery carries two `v1,` signatures."),
});
export const RollSecretInput = input(rollSecretSchema);

const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

export const DELIVERY_STATUSES = ["PENDING", "SUCCESS", "FAILED"] as const;

export const listLogsQuerySchema = z.object({
  page,
  limit,
  status: z.enum(DELIVERY_STATUSES).optional(),
  event_type: z.enum(EVENT_TYPES).optional(),
  application_id: z.string().max(64).optional().describe("Must be the key's own application (a key sees only its application's deliveries)."),
  endpoint_id: z.string().max(64).optional(),
});
export const ListLogsQuery = input(listLogsQuerySchema, { event_type: "INVALID_EVENT_TYPE" });
export type ListLogsQueryValues = z.output<typeof listLogsQuerySchema>;

export const EVENT_ID_PATTERN = /^evt_[0-9a-z]{26}$/;

export const listEventsQuerySchema = z.object({
  after: z.string().regex(EVENT_ID_PATTERN, "must be an event id (evt_…)").optional().describe("An event id: only events created after it are listed, oldest first. Without it: the latest `limit` events, oldest first."),
  limit,
});
export const ListEventsQuery = input(listEventsQuerySchema);

export const statsQuerySchema = z.object({ application_id: z.string().max(64).optional() });
export const StatsQuery = input(statsQuerySchema);

export const sendTestSchema = z.object({
  event: z.enum(EVENT_TYPES).optional().describe("Send the test to the endpoints that receive this type (default: every enabled endpoint). The event sent is always `webhook.test`."),
});
export const SendTestInput = input(sendTestSchema, { event: "INVALID_EVENT_TYPE" });

// ---- Responses ----

export const endpointSchema = z.object({
  id: z.string().describe("prefix we_"),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  enabled: z.boolean(),
  application_id: z.string(),
  livemode: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const endpointWithSecretSchema = endpointSchema.extend({
  secret: z.string().describe("whsec_…: the signing secret, shown only in this answer. Keep it on your server."),
});
export const deletedEndpointSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const eventTypeSchema = z.object({ type: z.enum(EVENT_TYPES), description: z.string() });

export const eventSchema = z
  .object({
    id: z.string().describe("prefix evt_; also the `webhook-id` and `X-Service-Event-ID` headers of its deliveries"),
    type: z.string(),
    event: z.string().describe("The same as `type`"),
    version: z.literal(EVENT_VERSION),
    timestamp,
    livemode: z.boolean(),
    data: z.record(z.string(), z.unknown()).describe("The object itself (payment, secure order, subscription, withdrawal…) as the API serializes it; see the document's `webhooks` for each type"),
  })
  .describe("The event exactly as webhook receivers get it");
export type WebhookEventBody = z.infer<typeof eventSchema>;

export const attemptSchema = z.object({
  id: z.string().describe("prefix wha_"),
  number: z.number().int().describe("1 for the first attempt"),
  trigger: z.enum(["automatic", "manual"]),
  status: z.enum(["SUCCESS", "FAILED"]),
  url: z.string(),
  response_status: z.number().int().nullable().describe("HTTP status received; null when none was (network error, timeout, refused address)"),
  response_excerpt: z.string().nullable().describe("First 1 KiB of the answer's body"),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: timestamp,
});

export const logSchema = z.object({
  id: z.string().describe("prefix whd_"),
  status: z.enum(DELIVERY_STATUSES),
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.string(),
  url: z.string().describe("The endpoint's current URL"),
  application_id: z.string(),
  livemode: z.boolean(),
  attempt_count: z.number().int(),
  response_status: z.number().int().nullable().describe("HTTP status of the last attempt"),
  response_excerpt: z.string().nullable().describe("First 1 KiB of the last answer"),
  error: z.string().nullable().describe("What went wrong on the last attempt"),
  last_attempt_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable().describe("When the next automatic attempt is due (merchant clock: the sandbox clock applies in test mode); null once SUCCESS or FAILED"),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
});
export const logDetailSchema = logSchema.extend({ attempts: z.array(attemptSchema), event: eventSchema });

export const logListSchema = z.array(logSchema);
export const logListExtra = {
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }).describe("Beside `data`"),
};
export const eventListSchema = z.array(eventSchema);
export const eventListExtra = { has_more: z.boolean().describe("With `after`: newer events remain past this page. Without: older events exist before it.") };
export const endpointListSchema = z.array(endpointSchema);
export const eventTypeListSchema = z.array(eventTypeSchema);

const percentiles = z.object({ p50: z.number().nullable(), p95: z.number().nullable() });
export const statsWindowSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  success_rate: z.number().nullable().describe("success / (success + failed), 0..1; null when nothing has finished"),
  attempts: z.number().int(),
  latency_ms: percentiles.describe("Delivery latency: delivery created (event fanned out) → first 2xx, successful deliveries"),
  response_time_ms: percentiles.describe("Receiver response time over all attempts"),
});
export const statsSchema = z.object({
  application_id: z.string(),
  livemode: z.boolean(),
  last_24h: statsWindowSchema,
  last_7d: statsWindowSchema,
});

export const testResultSchema = z.object({
  event_id: z.string(),
  type: z.literal("webhook.test"),
  deliveries: z.array(z.object({ id: z.string(), endpoint_id: z.string(), url: z.string() })),
});

export type EndpointResource = z.infer<typeof endpointSchema>;
export type LogResource = z.infer<typeof logSchema>;
export type AttemptResource = z.infer<typeof attemptSchema>;
