import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { resolveDifference, ResolveDifferenceInput } from "@/lib/reconciliation/resolve";

// OPEN → RESOLVED as a late collection (credited once, through the late-collection path) or an error; audited.
export const POST = accountRoute({ who: "staff", body: ResolveDifferenceInput }, (ctx, { body, params }) => resolveDifference(ctx.db, params.id, body, staffActor(ctx.staff), ctx.now));
