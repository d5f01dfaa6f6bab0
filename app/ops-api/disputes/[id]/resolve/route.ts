import { accountRoute } from "@/lib/auth/handler";
import { DisputeResolveInput, staffActor } from "@/lib/auth/ops";
import { resolveDispute } from "@/lib/secure-orders/dispute";

// A refund calls the operator: lib/secure-orders manages its own transactions around that call.
export const POST = accountRoute({ who: "staff", body: DisputeResolveInput, transaction: false }, (ctx, { body, params }) =>
  resolveDispute(ctx.db, params.id, body.decision, staffActor(ctx.staff)),
);
