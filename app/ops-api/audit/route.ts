import { accountRoute } from "@/lib/auth/handler";
import { AuditQuery } from "@/lib/auth/ops";
import { auditView, listAudit } from "@/lib/audit/record";

export const GET = accountRoute({ who: "staff", query: AuditQuery }, async (ctx, { query }) =>
  (await listAudit(ctx.db, { targetType: query.target_type, targetId: query.target_id, limit: 200 })).map(auditView),
);
