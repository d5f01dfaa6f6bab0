import { accountRoute } from "@/lib/http/account-route";
import { ReasonInput, staffActor, staffWithdrawalView } from "@/lib/ops/merchants";
import { rejectWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff", body: ReasonInput }, async (ctx, { body, params }) =>
  staffWithdrawalView(await rejectWithdrawal(ctx.db, params.id, { reason: body.reason }, staffActor(ctx.staff))),
);
