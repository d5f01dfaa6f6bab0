import { accountRoute } from "@/lib/http/account-route";
import { requestRefund } from "@/lib/refunds/create";
import { listRefundRequests } from "@/lib/refunds/queries";
import { CreateRefundRequestInput, ListRefundRequestsQuery } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";

// The same functions as GET and POST /v1/refund-requests. Asking for a refund takes money off the
// balance, so it needs the roles that may withdraw it (owner, admin, finance).
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListRefundRequestsQuery }, (ctx, { query }) => listRefundRequests(ctx, query));

export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage", body: CreateRefundRequestInput, status: 201 }, async (ctx, { body }) =>
  refundRequestResource(await requestRefund(ctx, body)),
);
