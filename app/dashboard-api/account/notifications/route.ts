import { accountRoute } from "@/lib/http/account-route";
import { NotificationSettingsInput, notificationSettingsOf, setNotificationOptOuts } from "@/lib/notifications/opt-outs";

/** The signed-in member's own notification e-mails: which kinds they receive. */
export const GET = accountRoute({ who: "merchant", permission: "account" }, async (ctx) => notificationSettingsOf(ctx.user));

export const PUT = accountRoute({ who: "merchant", permission: "account", body: NotificationSettingsInput }, (ctx, { body }) => setNotificationOptOuts(ctx.db, ctx.user.id, body));
