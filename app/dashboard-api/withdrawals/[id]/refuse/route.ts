import { accountRoute } from "@/lib/http/account-route";
import { refuseWithdrawalAsTeam } from "@/lib/withdrawals/approval";
import { RefuseWithdrawalInput } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";

// AWAITING_APPROVAL → CANCELLED ("refused") by an owner or admin other than the requester; the reserved amount returns to available.
export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage", body: RefuseWithdrawalInput }, async (ctx, { params, body }) =>
  withdrawalResource(await refuseWithdrawalAsTeam(ctx, params.id, body.reason)),
);
