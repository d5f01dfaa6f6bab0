import { accountRoute } from "@/lib/http/account-route";
import { AccentInput, brandSettings, setAccent } from "@/lib/branding/brand";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => brandSettings(ctx.db, ctx.merchant));
export const PATCH = accountRoute({ who: "merchant", permission: "settings.manage", body: AccentInput }, (ctx, { body }) => setAccent(ctx, body.accent));
