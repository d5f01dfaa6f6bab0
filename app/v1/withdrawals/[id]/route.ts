import { route } from "@/lib/http/route";
import { getWithdrawal } from "@/lib/withdrawals/queries";
import { withdrawalSchema } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  { auth: "key", resource: "withdrawals", doc: { summary: "Retrieve a withdrawal", tags: ["Withdrawals"], response: withdrawalSchema, errors: ["NOT_FOUND"] } },
  async (ctx, { params }) => withdrawalResource(await getWithdrawal(ctx, params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
