import { accountRoute } from "@/lib/http/account-route";
import { DisputeResolveInput, staffActor } from "@/lib/ops/merchants";
import { resolveDispute } from "@/lib/secure-orders/dispute";

export const POST = accountRoute({ who: "staff", body: DisputeResolveInput, operation: resolveDispute }, (ctx, { body, params }) =>
  resolveDispute(ctx.db, params.id, body.decision, staffActor(ctx.staff)),
);
