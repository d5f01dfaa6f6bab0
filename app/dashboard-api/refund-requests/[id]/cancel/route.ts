import { accountRoute } from "@/lib/http/account-route";
import { refundRequestResource } from "@/lib/refunds/serialize";
import { cancelRefundRequest } from "@/lib/refunds/transitions";

export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage" }, async (ctx, { params }) => refundRequestResource(await cancelRefundRequest(ctx, params.id)));
