import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { creditLateCollection, LateCollectionNoteInput } from "@/lib/payments/late-collection-staff";

// OPEN → CREDITED: suspense to the merchant's available balance, less the payment's fee; audited.
export const POST = accountRoute({ who: "staff", body: LateCollectionNoteInput }, (ctx, { body, params }) => creditLateCollection(ctx.db, params.id, { note: body.note }, staffActor(ctx.staff)));
