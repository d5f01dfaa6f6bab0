import { route } from "@/lib/http/route";
import { recommendProvider } from "@/lib/payments/providers";
import { recommendationSchema, RecommendInput } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    query: RecommendInput,
    doc: {
      summary: "Recommended provider",
      description: "Always the operator (`OPERATOR_MONEY`). Optional `phone` (any form the service reads: `76 55 44 33`, `+223 76 55 44 33`, `0022376554433`; an unencoded `+` arriving as a space is fine) only shapes the explanation.",
      tags: ["Utilities"],
      response: recommendationSchema,
    },
  },
  async (_ctx, { query }) => recommendProvider(query.phone),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
