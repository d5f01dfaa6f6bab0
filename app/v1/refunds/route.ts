import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "refunds",
    doc: {
      summary: "Refund a payment (unavailable)",
      description: "Always 503 REFUNDS_UNAVAILABLE: refunds go through support. The body is not read.",
      tags: ["Refunds"],
      response: z.never(),
      errors: ["REFUNDS_UNAVAILABLE"],
    },
  },
  async () => {
    throw new ApiError("REFUNDS_UNAVAILABLE");
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
