import { accountRoute } from "@/lib/http/account-route";
import { requestDetail } from "@/lib/request-log/store";

// One request of the log with its bodies, masked (lib/request-log/mask.ts).
export const GET = accountRoute({ who: "merchant", permission: "developers.logs" }, (ctx, { params }) => requestDetail(ctx, params.id));
