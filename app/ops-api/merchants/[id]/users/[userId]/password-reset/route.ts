import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { forceMemberPasswordReset } from "@/lib/team/ops";

// The password stops working, sessions end, a reset link is mailed; audited with the staff actor.
export const POST = accountRoute({ who: "staff" }, (ctx, { params }) => forceMemberPasswordReset(ctx.db, params.id, params.userId, staffActor(ctx.staff)));
