import { accountRoute } from "@/lib/http/account-route";
import { homeSummary } from "@/lib/account/home";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => homeSummary(ctx));
