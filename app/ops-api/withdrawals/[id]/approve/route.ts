import { accountRoute } from "@/lib/auth/handler";
import { staffActor, staffWithdrawalView } from "@/lib/auth/ops";
import { approveWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff" }, async (ctx, { params }) => staffWithdrawalView(await approveWithdrawal(ctx.db, params.id, staffActor(ctx.staff))));
