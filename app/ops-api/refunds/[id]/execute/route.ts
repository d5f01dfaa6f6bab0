import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { ExecuteRefundInput } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";
import { executeRefundRequest } from "@/lib/refunds/transitions";

export const POST = accountRoute({ who: "staff", body: ExecuteRefundInput }, async (ctx, { body, params }) =>
  refundRequestResource(await executeRefundRequest(ctx.db, params.id, { operatorReference: body.operator_reference }, staffActor(ctx.staff))),
);
