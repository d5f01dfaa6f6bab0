import { accountRoute } from "@/lib/auth/handler";
import { pendingRequests } from "@/lib/auth/ops";

export const GET = accountRoute({ who: "staff" }, (ctx) => pendingRequests(ctx.db));
