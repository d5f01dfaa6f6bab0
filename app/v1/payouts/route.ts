import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { route } from "@/lib/http/route";
import { ListPayoutsInput, payoutListSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "withdrawals",
    doc: {
      summary: "Create a payout (unavailable)",
      description:
        "Always 403 PAYOUTS_UNAVAILABLE: automatic payouts were withdrawn. Use `POST /v1/withdrawals`. The body is not read. The paths older payout helpers call below this one (`GET /v1/payouts/{id}`, `POST /v1/payouts/{id}/cancel`, `GET /v1/payouts/stats`, any method) answer the same 403, pointing at `/v1/withdrawals`.",
      tags: ["Payouts"],
      response: z.never(),
      errors: ["PAYOUTS_UNAVAILABLE"],
    },
  },
  async () => {
    throw new ApiError("PAYOUTS_UNAVAILABLE");
  },
);

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    query: ListPayoutsInput,
    doc: {
      summary: "List payouts (reference shape; always empty)",
      description: "`page` (default 1), `limit` (default 20, max 100), `status`, `type`. Automatic payouts are unavailable, so the list is empty.",
      tags: ["Payouts"],
      response: payoutListSchema,
    },
  },
  async (_ctx, { query }) => ({ payouts: [], pagination: { page: query.page, limit: query.limit, total: 0, total_pages: 0 } }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
