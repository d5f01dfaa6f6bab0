import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { LateCollectionNoteInput, refundLateCollection } from "@/lib/payments/late-collection-staff";

// OPEN → REFUNDED: suspense to customer_refunds (support pays the customer back); audited.
export const POST = accountRoute({ who: "staff", body: LateCollectionNoteInput }, (ctx, { body, params }) => refundLateCollection(ctx.db, params.id, { note: body.note }, staffActor(ctx.staff)));
