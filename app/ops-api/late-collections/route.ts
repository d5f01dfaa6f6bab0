import { accountRoute } from "@/lib/http/account-route";
import { listLateCollections, StaffLateCollectionQuery } from "@/lib/payments/late-collection-staff";

// The queue of operator SUCCESSes that arrived after their payment ended (docs/decisions/payments.md, "Late collections").
export const GET = accountRoute({ who: "staff", query: StaffLateCollectionQuery }, (ctx, { query }) => listLateCollections(ctx.db, { status: query.status }));
