import { route } from "@/lib/http/route";
import { withdrawalSchema } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";
import { cancelWithdrawal } from "@/lib/withdrawals/transitions";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const PATCH = route(
  {
    auth: "key", resource: "withdrawals",
    doc: {
      summary: "Cancel a PENDING withdrawal",
      description: "PENDING → CANCELLED; the reserved amount returns to the available balance. Any other status: 409 WITHDRAWAL_NOT_PENDING.",
      tags: ["Withdrawals"],
      response: withdrawalSchema,
      errors: ["NOT_FOUND", "WITHDRAWAL_NOT_PENDING"],
    },
  },
  async (ctx, { params }) => withdrawalResource(await cancelWithdrawal(ctx, params.id)),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = notAllowed("PATCH");
