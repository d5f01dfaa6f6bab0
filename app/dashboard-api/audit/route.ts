import { z } from "zod";
import { merchantAuditPage } from "@/lib/audit/merchant-log";
import { accountRoute } from "@/lib/http/account-route";
import { input } from "@/lib/core/validation";

const AuditQuery = input(z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }));

export const GET = accountRoute({ who: "merchant", permission: "audit.read", query: AuditQuery }, (ctx, { query }) => merchantAuditPage(ctx.db, ctx.merchant.id, query.page));
