import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { StaffNoteInput } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";
import { refuseRefundRequest } from "@/lib/refunds/transitions";

export const POST = accountRoute({ who: "staff", body: StaffNoteInput }, async (ctx, { body, params }) =>
  refundRequestResource(await refuseRefundRequest(ctx.db, params.id, { note: body.note }, staffActor(ctx.staff))),
);
