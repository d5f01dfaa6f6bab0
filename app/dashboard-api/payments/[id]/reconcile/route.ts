import { accountRoute } from "@/lib/http/account-route";
import { reconcilePayment } from "@/lib/payments/reconcile";

// POST /v1/payments/{id}/reconcile from the dashboard: same function, same per-user limit name,
// same transaction policy (the operation's own).
export const POST = accountRoute({ who: "merchant", permission: "commerce", limit: "payments.reconcile", operation: reconcilePayment }, (ctx, { params }) => reconcilePayment(ctx, params.id));
