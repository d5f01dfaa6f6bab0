import { accountRoute } from "@/lib/http/account-route";
import { pendingRequests } from "@/lib/ops/merchants";

export const GET = accountRoute({ who: "staff" }, (ctx) => pendingRequests(ctx.db));
