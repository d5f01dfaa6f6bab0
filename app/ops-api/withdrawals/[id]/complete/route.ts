import { accountRoute } from "@/lib/http/account-route";
import { CompleteWithdrawalInput, staffActor, staffWithdrawalView } from "@/lib/ops/merchants";
import { completeWithdrawal } from "@/lib/withdrawals/transitions";

export const POST = accountRoute({ who: "staff", body: CompleteWithdrawalInput }, async (ctx, { body, params }) =>
  staffWithdrawalView(await completeWithdrawal(ctx.db, params.id, { operatorReference: body.operator_reference }, staffActor(ctx.staff))),
);
