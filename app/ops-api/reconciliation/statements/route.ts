import { accountRoute } from "@/lib/http/account-route";
import { answer } from "@/lib/http/envelope";
import { staffActor } from "@/lib/ops/merchants";
import { importStatement, StatementImportInput } from "@/lib/reconciliation/import";
import { reconciliationReport, recentStatements } from "@/lib/reconciliation/report";

export const GET = accountRoute({ who: "staff" }, (ctx) => recentStatements(ctx.db));

// The operator's CSV statement of one day; the same file again answers 200 and changes nothing (docs/decisions/reconciliation.md).
export const POST = accountRoute({ who: "staff", body: StatementImportInput }, async (ctx, { body }) => {
  const { outcome } = await importStatement(ctx.db, body, staffActor(ctx.staff), ctx.now);
  return answer(await reconciliationReport(ctx.db, body.day), { status: outcome === "created" ? 201 : 200, extra: { outcome } });
});
