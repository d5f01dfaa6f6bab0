import { route } from "@/lib/http/route";
import { readSandboxOtp } from "@/lib/onsite-requests/sandbox";
import { sandboxOtpSchema } from "@/lib/onsite-requests/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    doc: {
      summary: "Read the one-time code sent for a payment request (sandbox)",
      description:
        "Test keys only. The simulator's stand-in for the customer's SMS inbox: the 6-digit code sent by `POST /v1/opr/create`, while the request can still be charged. A completed, cancelled or expired request has no code any more (409 / 410).",
      tags: ["Sandbox"],
      response: sandboxOtpSchema,
      errors: ["OPR_COMPLETED", "OPR_CANCELLED", "OPR_EXPIRED"],
    },
  },
  (ctx, { params }) => readSandboxOtp(ctx, params.token),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
