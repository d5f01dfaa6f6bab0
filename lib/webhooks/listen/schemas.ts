import { z } from "zod";
import { input } from "@/lib/core/validation";
import { enabledEvents, webhookUrl } from "../schemas";

export const LISTEN_SESSION_PREFIX = "wls";

/** At most so many forwards of one delivery are reported at once (one per `--forward-to` of the CLI). */
export const MAX_REPORTED_ATTEMPTS = 10;

export const createSessionSchema = z.object({
  events: enabledEvents.optional().describe('Event types the session receives (see GET /v1/webhook-event-types), or ["*"] (default) for every type.'),
});
export const CreateSessionInput = input(createSessionSchema, { events: "INVALID_EVENT_TYPE" });
export type CreateSessionBody = z.output<typeof createSessionSchema>;

const reportedAttempt = z
  .object({
    url: webhookUrl.describe("Where the CLI forwarded the delivery (http or https)."),
    status_code: z.number().int().min(100).max(599).nullable().describe("The status the forward target answered; null when none came (refused, timed out)."),
    error: z.string().max(1000).nullable().describe("What went wrong, when the forward got no 2xx; null otherwise."),
    duration_ms: z.number().int().min(0).max(600_000),
    response_excerpt: z.string().max(16_384).optional().describe("The start of the answer's body; kept up to 1 KiB."),
  })
  .refine((a) => a.status_code !== null || a.error !== null, { message: "error is required when status_code is null", path: ["error"] });

export const reportResultsSchema = z.object({
  delivery_id: z.string().min(1).max(64),
  attempts: z.array(reportedAttempt).min(1).max(MAX_REPORTED_ATTEMPTS).describe("One per forward target, 1 to 10."),
});
export const ReportResultsInput = input(reportResultsSchema);
export type ReportResultsBody = z.output<typeof reportResultsSchema>;

// ---- Responses ----

export const listenSessionSchema = z
  .object({
    id: z.string().describe("prefix wls_"),
    object: z.literal("listen_session"),
    secret: z.string().describe("whsec_…: the session's signing secret, shown only in this answer; every streamed delivery is signed with it, in both schemes."),
    enabled_events: z.array(z.string()),
    stream_url: z.string().describe("The path of the session's event stream (GET, text/event-stream)."),
    created_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "ListenSession" });

export const closedSessionSchema = z.object({ id: z.string(), object: z.literal("listen_session"), closed: z.literal(true) });

export type ListenSessionResource = z.infer<typeof listenSessionSchema>;
