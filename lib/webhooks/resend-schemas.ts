import { z } from "zod";
import { input } from "@/lib/core/validation";
import { logDetailSchema } from "./schemas";

export const resendEventSchema = z.object({
  endpoint_id: z
    .string()
    .max(64)
    .optional()
    .describe("Send to this endpoint only, even if it does not subscribe to the event's type (or is disabled). Without it: every enabled endpoint that receives the type."),
});
export const ResendEventInput = input(resendEventSchema);

const instant = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v))
  .describe("ISO 8601 date-time with a zone (Z or ±hh:mm)");

export const resendFailedSchema = z.object({
  from: instant.describe("Start of the window (included): deliveries created at or after it"),
  to: instant.describe("End of the window (excluded): deliveries created before it. At most 30 days after `from`."),
});
export const ResendFailedInput = input(resendFailedSchema);

export const resendEventResultSchema = z.array(logDetailSchema).describe("One delivery per endpoint, each with every attempt, the new manual one last");

export const resendFailedResultSchema = z.object({
  object: z.literal("webhook_resend"),
  endpoint_id: z.string(),
  queued: z.number().int().describe("How many FAILED deliveries were put back to PENDING by this call (at most 1,000)"),
  delivery_ids: z.array(z.string()).describe("The deliveries queued, oldest first"),
  has_more: z.boolean().describe("FAILED deliveries of the window remain: call again for the next 1,000"),
});
