import { accountRoute } from "@/lib/http/account-route";
import { setWithdrawalApprovalThreshold, withdrawalApprovalThreshold } from "@/lib/withdrawals/approval-threshold";
import { ApprovalThresholdInput } from "@/lib/withdrawals/schemas";

export const GET = accountRoute({ who: "merchant", permission: "withdrawals.read" }, (ctx) => withdrawalApprovalThreshold(ctx));

// A business setting: owners and admins (settings.manage), audited.
export const PUT = accountRoute({ who: "merchant", permission: "settings.manage", body: ApprovalThresholdInput }, (ctx, { body }) => setWithdrawalApprovalThreshold(ctx, body.threshold));
