import { accountRoute } from "@/lib/http/account-route";
import { staffActor, staffWithdrawalView } from "@/lib/ops/merchants";
import { approveWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff" }, async (ctx, { params }) => staffWithdrawalView(await approveWithdrawal(ctx.db, params.id, staffActor(ctx.staff))));
