import { accountRoute } from "@/lib/http/account-route";
import { ProfileInput, updateProfile } from "@/lib/account/settings";

export const PATCH = accountRoute({ who: "merchant", permission: "settings.manage", body: ProfileInput }, (ctx, { body }) => updateProfile(ctx.db, ctx.merchant.id, body.name));
