import { accountRoute } from "@/lib/auth/handler";
import { DisputeQuery } from "@/lib/auth/ops";
import { listDisputes } from "@/lib/secure-orders/dispute";

export const GET = accountRoute({ who: "staff", query: DisputeQuery }, (ctx, { query }) => listDisputes(ctx.db, { includeResolved: query.all === "1" }));
