import { accountRoute } from "@/lib/auth/handler";
import { revokeKey } from "@/lib/auth/developers";

export const POST = accountRoute({ who: "merchant", permission: "developers.manage" }, (ctx, { params }) => revokeKey(ctx, params.id));
