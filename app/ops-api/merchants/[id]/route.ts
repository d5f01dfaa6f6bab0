import { accountRoute } from "@/lib/http/account-route";
import { changeMerchant, MerchantChangesInput, opsMerchant } from "@/lib/ops/merchants";

export const GET = accountRoute({ who: "staff" }, (ctx, { params }) => opsMerchant(ctx.db, params.id));
// KYC, production access, secure orders, partner flag, platform plan, status: audited (lib/audit).
export const PATCH = accountRoute({ who: "staff", body: MerchantChangesInput }, (ctx, { body, params }) => changeMerchant(ctx.db, ctx.staff, params.id, body));
