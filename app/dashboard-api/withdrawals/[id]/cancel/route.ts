import { accountRoute } from "@/lib/http/account-route";
import { withdrawalResource } from "@/lib/withdrawals/serialize";
import { cancelWithdrawal } from "@/lib/withdrawals/transitions";

// PATCH /v1/withdrawals/{id}/cancel: PENDING → CANCELLED, the reserved amount returns to available.
export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage" }, async (ctx, { params }) => withdrawalResource(await cancelWithdrawal(ctx, params.id)));
