import { accountRoute } from "@/lib/http/account-route";
import { ReconciliationDayQuery, reconciliationReport } from "@/lib/reconciliation/report";

// One day's reconciliation: the operator's statement, if imported, and the differences found against our live collections.
export const GET = accountRoute({ who: "staff", query: ReconciliationDayQuery }, (ctx, { query }) => reconciliationReport(ctx.db, query.day));
