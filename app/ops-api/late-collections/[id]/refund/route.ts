import { accountRoute } from "@/lib/auth/handler";
import { staffActor } from "@/lib/auth/ops";
import { LateCollectionNoteInput, refundLateCollection } from "@/lib/payments/late-collection-staff";

// OPEN → REFUNDED: suspense to customer_refunds (support pays the customer back); audited.
export const POST = accountRoute({ who: "staff", body: LateCollectionNoteInput }, (ctx, { body, params }) => refundLateCollection(ctx.db, params.id, { note: body.note }, staffActor(ctx.staff)));
