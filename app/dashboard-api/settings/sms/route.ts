import { accountRoute } from "@/lib/http/account-route";
import { smsSettingsOf, SmsUsesInput, updateSmsUses } from "@/lib/sms/settings";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => smsSettingsOf(ctx.db, ctx.merchant.id, ctx.mode));
export const PUT = accountRoute({ who: "merchant", permission: "settings.manage", body: SmsUsesInput }, (ctx, { body }) => updateSmsUses(ctx, body.disabled));
