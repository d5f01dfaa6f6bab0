import { accountRoute } from "@/lib/auth/handler";
import { ReasonInput, refuseRequest } from "@/lib/auth/ops";

export const POST = accountRoute({ who: "staff", body: ReasonInput }, (ctx, { body, params }) => refuseRequest(ctx.db, ctx.staff, params.id, body.reason));
