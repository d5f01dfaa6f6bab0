import { route } from "@/lib/http/route";
import { findPaymentPublic } from "@/lib/payments/get";
import { paymentSchema, publicPaymentSchema } from "@/lib/payments/schemas";
import { findPaymentResource } from "@/lib/payments/resource";
import { publicPayment } from "@/lib/payments/serialize";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "optional", resource: "payments",
    doc: {
      summary: "Retrieve a payment (public status, or the full object with a key)",
      description:
        "Without `Authorization`: the public status used by hosted pages — no metadata, client_reference, provider_ref or return_url, the phone masked, plus `merchant_name`. With a key: the full payment object of that key's merchant and mode (another merchant's or the other mode's payment is 404 NOT_FOUND). A bad key is 401 even though the route is public. A PENDING payment past `expires_at` is expired on read.",
      tags: ["Payments"],
      response: z.union([paymentSchema, publicPaymentSchema]),
    },
  },
  async (ctx, { params }) => {
    if (ctx.kind === "key") return findPaymentResource(ctx, params.id);
    const { payment, merchantName } = await findPaymentPublic(ctx.db, params.id);
    return publicPayment(payment, merchantName);
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
