import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { StaffApproveInput } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";
import { approveRefundRequest } from "@/lib/refunds/transitions";

export const POST = accountRoute({ who: "staff", body: StaffApproveInput }, async (ctx, { body, params }) =>
  refundRequestResource(await approveRefundRequest(ctx.db, params.id, { note: body.note }, staffActor(ctx.staff))),
);
