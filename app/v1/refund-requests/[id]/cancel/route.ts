import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { refundRequestSchema } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";
import { cancelRefundRequest } from "@/lib/refunds/transitions";

export const POST = route(
  {
    auth: "key", resource: "refunds",
    doc: {
      summary: "Cancel a REQUESTED refund request",
      description: "REQUESTED → CANCELLED; the reserved amount returns to the available balance. Once approved (or closed): 409 REFUND_REQUEST_NOT_REQUESTED.",
      tags: ["Refunds"],
      response: refundRequestSchema,
      errors: ["NOT_FOUND", "REFUND_REQUEST_NOT_REQUESTED"],
    },
  },
  async (ctx, { params }) => refundRequestResource(await cancelRefundRequest(ctx, params.id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
