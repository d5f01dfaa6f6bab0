import { route } from "@/lib/http/route";
import { sandboxClock } from "@/lib/payments/sandbox-clock";
import { sandboxClockSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    doc: { summary: "The merchant's sandbox clock", description: "Test keys only. `{now, offset_seconds}`.", tags: ["Sandbox"], response: sandboxClockSchema },
  },
  async (ctx) => sandboxClock(ctx.merchant),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
