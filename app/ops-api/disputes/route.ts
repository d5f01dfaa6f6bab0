import { accountRoute } from "@/lib/http/account-route";
import { DisputeQuery } from "@/lib/ops/merchants";
import { listDisputes } from "@/lib/secure-orders/dispute";

export const GET = accountRoute({ who: "staff", query: DisputeQuery }, (ctx, { query }) => listDisputes(ctx.db, { includeResolved: query.all === "1" }));
