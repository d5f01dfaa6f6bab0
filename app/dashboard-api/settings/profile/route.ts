import { accountRoute } from "@/lib/auth/handler";
import { ProfileInput, updateProfile } from "@/lib/auth/settings";

export const PATCH = accountRoute({ who: "merchant", permission: "settings.manage", body: ProfileInput }, (ctx, { body }) => updateProfile(ctx.db, ctx.merchant.id, body.name));
