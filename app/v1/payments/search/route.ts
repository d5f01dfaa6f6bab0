import { route } from "@/lib/http/route";
import { searchPayments } from "@/lib/payments/list";
import { paymentSearchSchema, SearchPaymentsInput } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key",
    query: SearchPaymentsInput,
    doc: {
      summary: "Search payments by client_reference",
      description:
        "`client_reference` (required, exact match, 1–128 characters); `page`, `limit` (≤ 100, default 20). A merchant may reuse a reference, so the answer is a list of full payment objects, newest first, with the same pagination object as the list.",
      tags: ["Payments"],
      response: paymentSearchSchema,
    },
  },
  (ctx, { query }) => searchPayments(ctx, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
