import { accountRoute } from "@/lib/http/account-route";
import { refundQueue } from "@/lib/refunds/queries";
import { StaffRefundQuery } from "@/lib/refunds/schemas";

// Each request comes with its payment, which staff check before sending money back at the operator.
export const GET = accountRoute({ who: "staff", query: StaffRefundQuery }, (ctx, { query }) => refundQueue(ctx.db, { status: query.status, limit: 200 }));
