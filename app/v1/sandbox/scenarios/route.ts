import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { sandboxScenarios, sandboxScenarioSchema } from "@/lib/operator/scenarios";

export const GET = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    doc: {
      summary: "The sandbox's test numbers",
      description:
        "Test keys only. Each entry is a `customer_phone` that produces one real-world outcome once the customer confirms on the checkout, through the same code paths as the operator's answer: its status then, its `status_reason`, where it ends, the events on the way, and its `timeline` step by step. Delayed outcomes (a callback after a timeout, a duplicated callback, an approval after expiry) arrive as the operator's signed callback when the merchant's test clock reaches them: `POST /v1/sandbox/clock/advance` delivers every one that fell due before it answers. Any other number stays PENDING until the checkout's test buttons or `POST /v1/sandbox/payments/{id}/simulate` settle it.",
      tags: ["Sandbox"],
      response: z.array(sandboxScenarioSchema),
    },
  },
  async () => sandboxScenarios(),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
