import { accountRoute } from "@/lib/http/account-route";
import { LogoInput, removeLogo, setLogo } from "@/lib/branding/brand";

export const PUT = accountRoute({ who: "merchant", permission: "settings.manage", body: LogoInput }, (ctx, { body }) => setLogo(ctx, body.logo));
export const DELETE = accountRoute({ who: "merchant", permission: "settings.manage" }, (ctx) => removeLogo(ctx));
