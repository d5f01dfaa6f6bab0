import { accountRoute } from "@/lib/http/account-route";
import { figuresFor } from "@/lib/figures/queries";
import { FiguresQuery } from "@/lib/figures/schemas";

// The figures page: sums over the chosen period and the one before it, for the dashboard's mode.
export const GET = accountRoute({ who: "merchant", permission: "withdrawals.read", query: FiguresQuery }, (ctx, { query }) =>
  figuresFor(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, days: query.period, now: ctx.now }),
);
