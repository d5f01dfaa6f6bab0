import { accountRoute } from "@/lib/http/account-route";
import { opsMerchant } from "@/lib/ops/merchants";
import { merchantOverview } from "@/lib/ops/merchant-overview";

export const GET = accountRoute({ who: "staff" }, async (ctx, { params }) => {
  await opsMerchant(ctx.db, params.id);
  return merchantOverview(ctx.db, params.id);
});
