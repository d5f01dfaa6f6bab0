import { accountRoute } from "@/lib/auth/handler";
import { homeSummary } from "@/lib/auth/home";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => homeSummary(ctx));
