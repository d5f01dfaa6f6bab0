import { accountRoute } from "@/lib/http/account-route";
import { requestSecureOrdersPilot } from "@/lib/secure-orders/pilot";

// A merchant outside the secure-orders pilot asks to join it. Idempotent: asking again keeps the
// first date, and a merchant already in the pilot changes nothing. Answers {enabled, requested_at}.
export const POST = accountRoute({ who: "merchant", permission: "commerce" }, (ctx) => requestSecureOrdersPilot(ctx.db, ctx.merchant.id));
