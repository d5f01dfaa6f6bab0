import { route } from "@/lib/http/route";
import { findPayment } from "@/lib/payments/get";
import { paymentSchema } from "@/lib/payments/schemas";
import { paymentResourceOf } from "@/lib/payments/resource";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    doc: {
      summary: "Payment status",
      description: "The same full payment object as the keyed `GET /v1/payments/{id}` (existing clients poll this route and read every field). Expired on read when due.",
      tags: ["Payments"],
      response: paymentSchema,
    },
  },
  async (ctx, { params }) => paymentResourceOf(ctx.db, await findPayment(ctx, params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
