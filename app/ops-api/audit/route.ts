import { accountRoute } from "@/lib/http/account-route";
import { AuditQuery } from "@/lib/ops/merchants";
import { auditView, listAudit } from "@/lib/audit/record";

export const GET = accountRoute({ who: "staff", query: AuditQuery }, async (ctx, { query }) =>
  (await listAudit(ctx.db, { targetType: query.target_type, targetId: query.target_id, limit: 200 })).map(auditView),
);
