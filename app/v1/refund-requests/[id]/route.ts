import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { getRefundRequest } from "@/lib/refunds/queries";
import { refundRequestSchema } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";

export const GET = route(
  { auth: "key", resource: "refunds", doc: { summary: "Retrieve a refund request", tags: ["Refunds"], response: refundRequestSchema, errors: ["NOT_FOUND"] } },
  async (ctx, { params }) => refundRequestResource(await getRefundRequest(ctx, params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
