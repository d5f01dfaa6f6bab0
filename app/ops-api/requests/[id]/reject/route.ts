import { accountRoute } from "@/lib/http/account-route";
import { ReasonInput, refuseRequest } from "@/lib/ops/merchants";

export const POST = accountRoute({ who: "staff", body: ReasonInput }, (ctx, { body, params }) => refuseRequest(ctx.db, ctx.staff, params.id, body.reason));
