import { accountRoute } from "@/lib/auth/handler";
import { staffActor } from "@/lib/auth/ops";
import { approvePartnerProduct, staffProductView } from "@/lib/partner/products";

export const POST = accountRoute({ who: "staff" }, async (ctx, { params }) => staffProductView(await approvePartnerProduct(ctx.db, params.id, staffActor(ctx.staff))));
