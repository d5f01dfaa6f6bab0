import { route } from "@/lib/http/route";
import { withdrawalStats } from "@/lib/withdrawals/queries";
import { withdrawalStatsSchema } from "@/lib/withdrawals/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    doc: { summary: "Withdrawal statistics", description: "Count and volume (sum of amount) by status, for the key's mode.", tags: ["Withdrawals"], response: withdrawalStatsSchema },
  },
  (ctx) => withdrawalStats(ctx),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
