import { accountRoute } from "@/lib/http/account-route";
import { AuditSearchInput, searchAudit } from "@/lib/audit/staff-filters";

// The console's audit search (actor, merchant, action, days), keyset-paginated: `next` goes back as `before`.
export const GET = accountRoute({ who: "staff", query: AuditSearchInput }, (ctx, { query }) => searchAudit(ctx.db, query));
