import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { GET as download } from "@/app/v1/reports/[id]/download/route";
import { GET as getOne } from "@/app/v1/reports/[id]/route";
import { POST as create } from "@/app/v1/reports/route";
import { db } from "@/db/client";
import { events, reportChunks, reports } from "@/db/schema";
import { call } from "@/tests/support/http";
import { updateMerchant } from "@/lib/platform/merchants";
import { newMerchant } from "@/tests/support/merchant";
import { csvField } from "@/lib/books/export-writer";
import { pdfText } from "@/lib/books/statement/test-support";
import { formatXof } from "@/lib/format/money";
import { accountBalances } from "@/lib/ledger/balance";
import { generateDueReports } from "@/lib/books/report-job";
import { merchantWithBooks } from "@/tests/support/books";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// A year around today: everything the fixtures make falls in it.
const wide = { from: day(-300), to: day(60) };
const ask = (key: string, body: unknown, idempotencyKey?: string) => call(create, "POST", "/v1/reports", { key, body, idempotencyKey });
const fetchReport = (key: string, id: string) => call(getOne, "GET", `/v1/reports/${id}`, { key, params: { id } });

async function fetchFile(url: string, key?: string) {
  const u = new URL(url);
  const id = u.pathname.split("/")[3];
  const request = new Request(`http://localhost:3000${u.pathname}${u.search}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const response = await download(request, { params: Promise.resolve({ id }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readyReport(key: string, body: unknown) {
  const created = await ask(key, body);
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ object: "report", status: "PENDING", download_url: null });
  await generateDueReports(db(), { max: 50 });
  const res = await fetchReport(key, created.body.data.id);
  expect(res.body.data.status).toBe("READY");
  return res.body.data;
}

const csvRows = (bytes: Buffer, delimiter = ",") =>
  bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(delimiter));

describe("POST /v1/reports → report.ready → download", () => {
  it("writes a payments CSV with a BOM, French headers and every payment once; the event fires once; the download matches size and checksum", async () => {
    const m = await merchantWithBooks();
    const report = await readyReport(m.testKey, { type: "payments", ...wide });
    expect(report).toMatchObject({ type: "payments", format: "csv", locale: "fr", delimiter: ",", row_count: 5, livemode: false });
    const file = await fetchFile(report.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="cauri-payments-${wide.from}_${wide.to}.csv"`);
    expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.bytes.length).toBe(report.size_bytes);
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(report.sha256);
    const rows = csvRows(file.bytes);
    expect(rows[0]).toContain("Montant (FCFA)");
    expect(rows[0]).toContain("Date de création (UTC)");
    // Three direct payments and the two secure orders' payments.
    expect(rows).toHaveLength(1 + 5);
    const ready = await db().select().from(events).where(and(eq(events.objectId, report.id), eq(events.type, "report.ready")));
    expect(ready).toHaveLength(1);
    expect((ready[0].payload as unknown as { data: { object: { status: string; download_url: string } } }).data.object).toMatchObject({ status: "READY", download_url: expect.stringContaining(report.id) });
  });

  it("uses ';' and English when asked, filters by status, and writes an XLSX whose numbers stay numbers", async () => {
    const m = await merchantWithBooks();
    const semicolon = await readyReport(m.testKey, { type: "withdrawals", ...wide, delimiter: ";", locale: "en", status: "completed" });
    const rows = csvRows((await fetchFile(semicolon.download_url)).bytes, ";");
    expect(rows[0]).toContain("Amount (FCFA)");
    expect(rows.slice(1).map((r) => r[rows[0].indexOf("Status")])).toEqual(["COMPLETED"]);

    const xlsx = await readyReport(m.testKey, { type: "balance_transactions", ...wide, format: "xlsx" });
    const file = await fetchFile(xlsx.download_url);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + xlsx.row_count);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain("Mouvement");
    const amount = sheet.getRow(2).getCell(header.indexOf("Montant (FCFA)") + 1).value;
    expect(typeof amount).toBe("number");
    expect(JSON.stringify(header)).not.toMatch(/merchant_available/);
  });

  it("writes the statement of the period as a PDF whose closing balances are the ledger's", async () => {
    const m = await merchantWithBooks();
    const report = await readyReport(m.testKey, { type: "statement", ...wide, locale: "en" });
    expect(report).toMatchObject({ format: "pdf", row_count: null });
    const file = await fetchFile(report.download_url);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(file.bytes);
    const ledger = await accountBalances(db(), m.merchant.id, "test");
    expect(text).toContain("Boutique Comptable");
    expect(text).toContain(formatXof(ledger.merchant_available));
  });

  it("reads past the first batch: 4,500 payments each exported once, newest first", async () => {
    const m = await newMerchant();
    const [application] = await db().query.applications.findMany({ where: (a, { eq: e }) => e(a.merchantId, m.merchant.id) });
    // Straight into the table (the API would take minutes); two payments share each second, so the keyset's id tiebreak matters.
    await db().execute(sql`
      insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter, gateway_used, routing_reason, expires_at, created_at, updated_at)
      select ${m.merchant.id} || '_' || lpad(g::text, 5, '0'), ${m.merchant.id}, ${application.id}, 'test', 'SUCCESS', 1000 + g, '+22370000009', 25, 'simulator', 'service_simulator', 'seed',
             t + interval '15 minutes', t, t
      from generate_series(1, 4500) g, lateral (select date_trunc('second', now()) - interval '1 hour' - (g / 2) * interval '1 second' as t) at`);
    const report = await readyReport(m.testKey, { type: "payments", ...wide });
    expect(report.row_count).toBe(4500);
    const rows = csvRows((await fetchFile(report.download_url)).bytes).slice(1);
    const ids = rows.map((r) => r[0]);
    expect(new Set(ids).size).toBe(4500);
    const created = rows.map((r) => r[1]);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("answers each refusal with its code", async () => {
    const m = await newMerchant();
    const cases: [unknown, number, string][] = [
      [{ ...wide }, 400, "MISSING_FIELD"],
      [{ type: "customers", ...wide }, 400, "INVALID_REPORT_TYPE"],
      [{ type: "payments", ...wide, format: "pdf" }, 400, "INVALID_REPORT_FORMAT"],
      [{ type: "statement", ...wide, format: "csv" }, 400, "INVALID_REPORT_FORMAT"],
      [{ type: "payments", ...wide, format: "docx" }, 400, "INVALID_REPORT_FORMAT"],
      [{ type: "balance_transactions", ...wide, status: "SUCCESS" }, 400, "INVALID_REPORT_FILTER"],
      [{ type: "payments", ...wide, status: "PAID" }, 400, "INVALID_REPORT_FILTER"],
      [{ type: "payments", ...wide, types: ["payment"] }, 400, "INVALID_REPORT_FILTER"],
      [{ type: "payments", from: "2026-11-02", to: "2026-11-01" }, 400, "INVALID_DATE_RANGE"],
      [{ type: "payments", from: "2026-11-01", to: "2026-11-01" }, 400, "INVALID_DATE_RANGE"],
      [{ type: "payments", from: "2025-01-01", to: "2026-01-04" }, 400, "INVALID_DATE_RANGE"],
      [{ type: "payments", from: "2026-02-30", to: "2026-03-01" }, 400, "INVALID_DATE_RANGE"],
      [{ type: "payments", ...wide, delimiter: "|" }, 400, "INVALID_FIELD"],
    ];
    for (const [body, status, code] of cases) {
      const res = await ask(m.testKey, body);
      expect([JSON.stringify(body), res.status, res.body.error?.code]).toEqual([JSON.stringify(body), status, code]);
    }
    // 367 days is the longest report.
    expect((await ask(m.testKey, { type: "payments", from: "2025-01-01", to: "2026-01-03" })).status).toBe(201);
    const missing = await fetchReport(m.testKey, "rpt_missing");
    expect([missing.status, missing.body.error.code]).toEqual([404, "REPORT_NOT_FOUND"]);
  });

  it("replays the same report for the same idempotency key", async () => {
    const m = await newMerchant();
    const body = { type: "payments", ...wide };
    const [a, b] = await Promise.all([ask(m.testKey, body, "rep-1"), ask(m.testKey, body, "rep-1")]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await db().select().from(reports).where(eq(reports.merchantId, m.merchant.id))).toHaveLength(1);
  });

  it("guards the download: a tampered or expired link, another merchant's key, a report not ready, a file past retention", async () => {
    const m = await merchantWithBooks();
    const report = await readyReport(m.testKey, { type: "payments", ...wide });
    const link = new URL(report.download_url);
    const tampered = new URL(link);
    tampered.searchParams.set("signature", `${link.searchParams.get("signature")!.slice(0, -2)}xx`);
    expect((await fetchFile(tampered.toString())).status).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 1));
    expect((await fetchFile(expired.toString())).status).toBe(403);
    const bare = `${link.origin}${link.pathname}`;
    expect((await fetchFile(bare)).status).toBe(403);
    expect((await fetchFile(bare, m.testKey)).status).toBe(200);
    const other = await newMerchant();
    expect((await fetchFile(bare, other.testKey)).status).toBe(404);
    await updateMerchant(db(), m.merchant.id, { productionEnabled: true, platformPlan: "pro" });
    expect((await fetchFile(bare, m.liveKey)).status).toBe(404);

    const pending = (await ask(m.testKey, { type: "withdrawals", ...wide })).body.data;
    const notReady = await fetchFile(`${link.origin}/v1/reports/${pending.id}/download`, m.testKey);
    expect(notReady.status).toBe(409);

    await db().update(reports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reports.id, report.id));
    const swept = await generateDueReports(db());
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(reportChunks).where(eq(reportChunks.reportId, report.id))).toHaveLength(0);
    expect((await fetchFile(bare, m.testKey)).status).toBe(410);
    expect((await fetchReport(m.testKey, report.id)).body.data).toMatchObject({ status: "READY", download_url: null });
  });

  it("lets merchants take turns: one merchant's many reports do not keep another's single one waiting", async () => {
    await generateDueReports(db(), { max: 50 });
    const [busy, other] = [await merchantWithBooks(), await merchantWithBooks()];
    const many = [];
    for (let i = 0; i < 3; i++) many.push((await ask(busy.testKey, { type: "balance_transactions", ...wide })).body.data.id as string);
    const single = (await ask(other.testKey, { type: "balance_transactions", ...wide })).body.data.id as string;
    expect(await generateDueReports(db(), { max: 2 })).toMatchObject({ ready: 2 });
    const ready = async (id: string, key: string) => (await fetchReport(key, id)).body.data.status === "READY";
    expect([await ready(many[0], busy.testKey), await ready(single, other.testKey), await ready(many[1], busy.testKey), await ready(many[2], busy.testKey)]).toEqual([true, true, false, false]);
  });

  it("writes each report once when two generators run at once, and rewrites one whose generator died", async () => {
    const m = await merchantWithBooks();
    const ids = await Promise.all([1, 2, 3].map(async () => (await ask(m.testKey, { type: "balance_transactions", ...wide })).body.data.id as string));
    await Promise.all([generateDueReports(db(), { max: 50 }), generateDueReports(db(), { max: 50 })]);
    for (const id of ids) {
      expect(await db().select().from(events).where(and(eq(events.objectId, id), eq(events.type, "report.ready")))).toHaveLength(1);
    }

    const dead = (await ask(m.testKey, { type: "payments", ...wide })).body.data.id as string;
    // A generator claimed it, wrote a stray chunk and died: its lease runs out.
    await db().update(reports).set({ claimToken: "dead", claimedUntil: new Date(Date.now() - 1000), attempts: 1 }).where(eq(reports.id, dead));
    await db().insert(reportChunks).values({ reportId: dead, seq: 7, data: Buffer.from("garbage") });
    await generateDueReports(db(), { max: 50 });
    const report = (await fetchReport(m.testKey, dead)).body.data;
    expect(report.status).toBe("READY");
    const file = await fetchFile(report.download_url);
    expect(file.bytes.toString("utf8")).not.toContain("garbage");
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(report.sha256);
  });
});

describe("csvField", () => {
  it("quotes what needs quoting and defuses formulas, but leaves phone numbers and amounts alone", () => {
    expect(csvField("Boutique; Awa", ";")).toBe('"Boutique; Awa"');
    expect(csvField('Le "grand" marché', ",")).toBe('"Le ""grand"" marché"');
    expect(csvField("ligne 1\nligne 2", ",")).toBe('"ligne 1\nligne 2"');
    expect(csvField("=HYPERLINK(\"http://x\")", ",")).toBe("'=HYPERLINK(\"\"http://x\"\")".replace(/^/, '"') + '"');
    expect(csvField("@SUM(A1)", ",")).toBe("'@SUM(A1)");
    expect(csvField("-2+3", ",")).toBe("'-2+3");
    expect(csvField("+22370000009", ",")).toBe("+22370000009");
    expect(csvField(-5000, ",")).toBe("-5000");
    expect(csvField(null, ",")).toBe("");
  });
});
