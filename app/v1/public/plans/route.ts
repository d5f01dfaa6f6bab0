import { listPublicPlans } from "@/lib/billing/plans";
import { publicPlanSchema, PublicPlansInput } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    query: PublicPlansInput,
    doc: {
      summary: "A merchant's active plans (public)",
      description: "No key. `merchant_id` is required (400 MISSING_MERCHANT_ID). Active plans only, cheapest first; each says `livemode` (filter with `mode=test|live`). An unknown merchant has no plans.",
      tags: ["Billing"],
      response: z.array(publicPlanSchema),
    },
  },
  (ctx, { query }) => listPublicPlans(ctx.db, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
