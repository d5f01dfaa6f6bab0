import { accountRoute } from "@/lib/auth/handler";
import { CompleteWithdrawalInput, staffActor, staffWithdrawalView } from "@/lib/auth/ops";
import { completeWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff", body: CompleteWithdrawalInput }, async (ctx, { body, params }) =>
  staffWithdrawalView(await completeWithdrawal(ctx.db, params.id, { operatorReference: body.operator_reference }, staffActor(ctx.staff))),
);
