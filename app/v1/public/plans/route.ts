import { listPublicPlans } from "@/lib/billing/public-plans";
import { publicPlansSchema, PublicPlansInput } from "@/lib/billing/public-plan-schemas";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    query: PublicPlansInput,
    doc: {
      summary: "A merchant's active plans (public)",
      description:
        "No key. `merchant_id` is required (400 MISSING_MERCHANT_ID); an unknown or suspended merchant is 404 MERCHANT_NOT_FOUND. `data` = `{merchant: {id, name}, plans}`: the merchant's active **live** plans, cheapest first. `mode=test` shows its test plans instead (to try an integration); `mode=live` is the default. Each plan adds `interval_label` (`weekly` / `monthly`), `features` (always `[]`: plans have no feature list, see `description`) and `checkout_url` (always null: there is no hosted page where a customer subscribes alone).",
      tags: ["Billing"],
      response: publicPlansSchema,
      errors: ["MERCHANT_NOT_FOUND"],
    },
  },
  (ctx, { query }) => listPublicPlans(ctx.db, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
