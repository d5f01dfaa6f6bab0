import { accountRoute } from "@/lib/auth/handler";
import { reconcilePayment } from "@/lib/payments/reconcile";

// POST /v1/payments/{id}/reconcile from the dashboard: same function, same per-user limit name;
// the domain manages its own transactions around the operator call.
export const POST = accountRoute({ who: "merchant", limit: "payments.reconcile", transaction: false }, (ctx, { params }) => reconcilePayment(ctx, params.id));
