import { accountRoute } from "@/lib/http/account-route";
import { PartnerApproveInput, staffActor } from "@/lib/ops/merchants";
import { approvePartnerProduct, staffProductView } from "@/lib/partner/products";

export const POST = accountRoute({ who: "staff", body: PartnerApproveInput }, async (ctx, { body, params }) =>
  staffProductView(await approvePartnerProduct(ctx.db, params.id, staffActor(ctx.staff), { updatedAt: body.reviewed_updated_at })),
);
