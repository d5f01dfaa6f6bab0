import { accountRoute } from "@/lib/http/account-route";
import { revokeKey } from "@/lib/account/developers";

export const POST = accountRoute({ who: "merchant", permission: "developers.manage" }, (ctx, { params }) => revokeKey(ctx, params.id));
