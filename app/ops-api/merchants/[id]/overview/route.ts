import { accountRoute } from "@/lib/auth/handler";
import { opsMerchant } from "@/lib/auth/ops";
import { merchantOverview } from "@/lib/ops/merchant-overview";

export const GET = accountRoute({ who: "staff" }, async (ctx, { params }) => {
  await opsMerchant(ctx.db, params.id);
  return merchantOverview(ctx.db, params.id);
});
