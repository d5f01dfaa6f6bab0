import { accountRoute } from "@/lib/http/account-route";
import { disputeDetail } from "@/lib/ops/dispute-detail";

export const GET = accountRoute({ who: "staff" }, (ctx, { params }) => disputeDetail(ctx.db, params.id));
