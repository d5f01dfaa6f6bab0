import { accountRoute } from "@/lib/http/account-route";
import { approveWithdrawalAsTeam } from "@/lib/withdrawals/approval";
import { withdrawalResource } from "@/lib/withdrawals/serialize";

// AWAITING_APPROVAL → PENDING by an owner or admin other than the requester (the role rule is the domain's: lib/withdrawals/approval.ts).
export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage" }, async (ctx, { params }) => withdrawalResource(await approveWithdrawalAsTeam(ctx, params.id)));
