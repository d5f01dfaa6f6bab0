import { accountRoute } from "@/lib/auth/handler";
import { ReasonInput, staffActor, staffWithdrawalView } from "@/lib/auth/ops";
import { rejectWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff", body: ReasonInput }, async (ctx, { body, params }) =>
  staffWithdrawalView(await rejectWithdrawal(ctx.db, params.id, { reason: body.reason }, staffActor(ctx.staff))),
);
