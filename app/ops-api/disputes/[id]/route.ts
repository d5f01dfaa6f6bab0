import { accountRoute } from "@/lib/auth/handler";
import { disputeDetail } from "@/lib/ops/dispute-detail";

export const GET = accountRoute({ who: "staff" }, (ctx, { params }) => disputeDetail(ctx.db, params.id));
