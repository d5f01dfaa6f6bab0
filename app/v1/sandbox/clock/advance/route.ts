import { route } from "@/lib/http/route";
import { runDueWork } from "@/lib/jobs/registry";
import { advanceSandboxClock } from "@/lib/payments/sandbox-clock";
import { ClockAdvanceInput, sandboxClockSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    body: ClockAdvanceInput,
    operation: advanceSandboxClock,
    doc: {
      summary: "Advance the merchant's sandbox clock",
      description:
        "Test keys only. `{seconds}`: an integer from 1 to 31,536,000 (365 days) per call; the clock never goes back. Every time rule of this merchant's test-mode objects then evaluates at the new time, and the merchant's due background work (payment expiry, billing, deadlines) runs before the answer. Live mode is unaffected. Answers `{now, offset_seconds}`.",
      tags: ["Sandbox"],
      response: sandboxClockSchema,
      errors: ["INVALID_CLOCK_ADVANCE"],
    },
  },
  (ctx, { body }) => advanceSandboxClock(ctx, body.seconds, runDueWork),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
