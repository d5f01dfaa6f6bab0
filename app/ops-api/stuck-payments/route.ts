import { accountRoute } from "@/lib/http/account-route";
import { listStuckPayments, StuckPaymentsQuery } from "@/lib/payments/recheck-stuck";

// Payments PENDING when they should not be (docs/decisions/payments.md, "The true status of every payment"); staff only.
export const GET = accountRoute({ who: "staff", query: StuckPaymentsQuery }, (ctx, { query }) => listStuckPayments(ctx.db, { merchantId: query.merchant_id }));
