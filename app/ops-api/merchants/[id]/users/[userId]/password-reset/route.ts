import { accountRoute } from "@/lib/auth/handler";
import { staffActor } from "@/lib/auth/ops";
import { forceMemberPasswordReset } from "@/lib/team/ops";

// The password stops working, sessions end, a reset link is mailed; audited with the staff actor.
export const POST = accountRoute({ who: "staff" }, (ctx, { params }) => forceMemberPasswordReset(ctx.db, params.id, params.userId, staffActor(ctx.staff)));
