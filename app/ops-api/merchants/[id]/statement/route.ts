import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { monthPeriod, statementData } from "@/lib/books/statement/data";
import { statementPdfBuffer } from "@/lib/books/statement/pdf";
import { input } from "@/lib/core/validation";

const StatementQuery = input(
  z.object({
    month: z.string(),
    mode: z.enum(["live", "test"]).default("live"),
    locale: z.enum(["fr", "en"]).default("fr"),
  }),
  { month: { missing: "MISSING_FIELD", invalid: "INVALID_DATE_RANGE" } },
);

// The merchant's monthly statement for the ops console; staff reading a merchant's books is audited.
export const GET = accountRoute({ who: "staff", query: StatementQuery }, async (ctx, { params, query }) => {
  const period = monthPeriod(query.month);
  const data = await statementData({ db: ctx.db, merchantId: params.id, mode: query.mode }, period);
  const pdf = await statementPdfBuffer(data, query.locale);
  await recordAudit(ctx.db, {
    actor: staffActor(ctx.staff),
    action: "statement.download",
    targetType: "merchant",
    targetId: params.id,
    merchantId: params.id,
    before: null,
    after: { month: query.month, mode: query.mode, locale: query.locale },
  });
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="cauri-statement-${params.id}-${query.month}-${query.mode}-${query.locale}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
});
