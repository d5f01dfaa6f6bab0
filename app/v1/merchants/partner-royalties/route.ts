import { route } from "@/lib/http/route";
import { listPartnerRoyalties } from "@/lib/partner/royalty";
import { partnerRoyaltyListSchema } from "@/lib/partner/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "partner",
    doc: {
      summary: "Partner royalties",
      description: "One line per calendar month: the month's successful live partner sales × the royalty rate, credited to your available balance. Royalties are computed on live sales, so a test key sees none.",
      tags: ["Partner program"],
      response: partnerRoyaltyListSchema,
    },
  },
  (ctx) => listPartnerRoyalties(ctx),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
