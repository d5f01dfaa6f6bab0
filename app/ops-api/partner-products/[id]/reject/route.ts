import { accountRoute } from "@/lib/http/account-route";
import { PartnerRejectInput, staffActor } from "@/lib/ops/merchants";
import { rejectPartnerProduct, staffProductView } from "@/lib/partner/products";

export const POST = accountRoute({ who: "staff", body: PartnerRejectInput }, async (ctx, { body, params }) =>
  staffProductView(await rejectPartnerProduct(ctx.db, params.id, { reason: body.reason ?? null }, staffActor(ctx.staff), { updatedAt: body.reviewed_updated_at })),
);
