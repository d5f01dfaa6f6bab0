import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { INLINE_EXPORT_ROWS } from "@/lib/books/dashboard-export";
import { generateDueReports } from "@/lib/books/report-job";
import { call } from "@/tests/support/http";
import * as exportsRoute from "./route";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function ownerWithPayments(count: number) {
  const created = await signUp(db(), { email: `exports-${Date.now()}-${count}@example.ml`, password: "mot de passe solide", businessName: "Boutique Export" });
  const cookie = `${await mintSessionCookie((await getUser(db(), created.userId))!)}; cauri_mode=test`;
  const [application] = await db().query.applications.findMany({ where: (a, { eq }) => eq(a.merchantId, created.merchantId) });
  // Straight into the table: the threshold is about rows, not how they were made.
  await db().execute(sql`
    insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter, gateway_used, routing_reason, expires_at, created_at, updated_at)
    select ${created.merchantId} || '_' || lpad(g::text, 6, '0'), ${created.merchantId}, ${application.id}, 'test', 'SUCCESS', 1000, '+22370000009', 25, 'simulator', 'service_simulator', 'seed',
           now(), now() - g * interval '1 second', now()
    from generate_series(1, ${count}) g`);
  return cookie;
}

const exportUrl = `/dashboard-api/exports?type=payments&from=${day(-30)}&to=${day(1)}&format=csv&delimiter=%3B`;

describe("GET /dashboard-api/exports: the file at once up to the threshold, a background report beyond it", () => {
  it(`streams ${INLINE_EXPORT_ROWS} rows as the file itself`, async () => {
    const cookie = await ownerWithPayments(INLINE_EXPORT_ROWS);
    const res = await call(exportsRoute.GET, "GET", exportUrl, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cauri-payments-/);
    const lines = (res.body as string).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + INLINE_EXPORT_ROWS);
    expect(lines[0].split(";")).toContain("Montant (FCFA)");
  }, 60_000);

  it(`answers ${INLINE_EXPORT_ROWS + 1} rows with 202 and a report the job then writes`, async () => {
    const cookie = await ownerWithPayments(INLINE_EXPORT_ROWS + 1);
    const res = await call(exportsRoute.GET, "GET", exportUrl, { headers: { cookie } });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ rows: INLINE_EXPORT_ROWS + 1, report: { status: "PENDING", type: "payments", delimiter: ";" } });
    await generateDueReports(db(), { max: 50 });
    const [row] = rowsOf<{ status: string; row_count: number }>(await db().execute(sql`select status, row_count from reports where id = ${res.body.data.report.id}`));
    expect(row).toMatchObject({ status: "READY", row_count: INLINE_EXPORT_ROWS + 1 });
  }, 60_000);
});
