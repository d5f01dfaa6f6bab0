import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as createReport } from "@/app/v1/reports/route";
import { GET as getReport } from "@/app/v1/reports/[id]/route";
import { GET as downloadReport } from "@/app/v1/reports/[id]/download/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { applications } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { generateDueReports } from "@/lib/books/report-job";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { member } from "@/lib/notifications/test-support";
import { requestRefund } from "@/lib/refunds/create";
import { approveRefundRequest, cancelRefundRequest, executeRefundRequest, refuseRefundRequest } from "@/lib/refunds/transitions";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import * as exportsRoute from "./route";

const staff = { staffId: "staff:books@cauri.ml" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const range = `from=${day(-1)}&to=${day(2)}`;
let seq = 0;

/** The CSV's rows as cells, header first (semicolon-separated, no quoted separators in these fixtures). */
const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "")));

/**
 * A merchant with one refund request in each end state but one: executed (12 500 FCFA, OM-RF-1),
 * refused, cancelled, and one still REQUESTED to another number than the payer's.
 */
async function merchantWithRefunds() {
  const m = await newMerchant({ kycStatus: "approved" });
  const paymentIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey, idempotencyKey: `export-rfr-${Date.now()}-${seq++}`,
      body: { amount: 20_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://shop.example.ml/merci" },
    });
    const id = created.body.data.id as string;
    await call(simulatePayment, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: m.testKey, params: { id }, body: { outcome: "SUCCESS" } });
    paymentIds.push(id);
  }
  await postJournal(db(), {
    merchantId: m.merchant.id, mode: "test", kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -100_000 }, { account: "merchant_available", amount: 100_000 }], at: new Date(),
  });
  const [application] = await db().select().from(applications).where(eq(applications.merchantId, m.merchant.id));
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application, mode: "test", now: merchantNow(m.merchant, "test"), source: "dashboard" };
  const executed = await requestRefund(ctx, { payment_id: paymentIds[0], amount: 12_500, reason: "requested_by_customer" });
  await approveRefundRequest(db(), executed.id, {}, staff);
  await executeRefundRequest(db(), executed.id, { operatorReference: "OM-RF-1" }, staff);
  const refused = await requestRefund(ctx, { payment_id: paymentIds[0], amount: 1_000, reason: "duplicate" });
  await refuseRefundRequest(db(), refused.id, { note: "Déjà remboursé" }, staff);
  const cancelled = await requestRefund(ctx, { payment_id: paymentIds[1], amount: 2_000, reason: "other" });
  await cancelRefundRequest(ctx, cancelled.id);
  const requested = await requestRefund(ctx, { payment_id: paymentIds[1], amount: 3_000, reason: "fraudulent", customer_phone: "+22365123456" });
  const owner = await member(m.merchant.id, "owner");
  const headers = { cookie: `${await mintSessionCookie(owner)}; cauri_mode=test` };
  return { ...m, paymentIds, headers, ids: { executed: executed.id, refused: refused.id, cancelled: cancelled.id, requested: requested.id } };
}

const exportOf = async (headers: Record<string, string>, query: string) => {
  const res = await call(exportsRoute.GET, "GET", `/dashboard-api/exports?${query}&${range}&format=csv&delimiter=%3B`, { headers });
  expect(res.status, typeof res.body === "string" ? res.body : JSON.stringify(res.body)).toBe(200);
  return { res, rows: rowsOf(res.body as string) };
};

describe("the refunds export", () => {
  it("gives one row per refund request with its dates, the number refunded in full as in the other exports, in French or English, filtered by status", async () => {
    const m = await merchantWithRefunds();
    const { res, rows } = await exportOf(m.headers, "type=refunds");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cauri-refunds-/);
    const [header, ...body] = rows;
    expect(header).toEqual([
      "Identifiant", "Paiement", "Montant (FCFA)", "Statut", "Motif", "Numéro remboursé", "Référence opérateur",
      "Demandé le (UTC)", "Approuvé le (UTC)", "Versé le (UTC)", "Refusé le (UTC)", "Annulé le (UTC)",
    ]);
    const byId = new Map(body.map((r) => [r[0], r]));
    expect([...byId.keys()].sort()).toEqual(Object.values(m.ids).sort());
    const isDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(byId.get(m.ids.executed)).toEqual([m.ids.executed, m.paymentIds[0], "12500", "EXECUTED", "requested_by_customer", "+22376001122", "OM-RF-1", isDate, isDate, isDate, "", ""]);
    expect(byId.get(m.ids.refused)).toEqual([m.ids.refused, m.paymentIds[0], "1000", "REFUSED", "duplicate", "+22376001122", "", isDate, "", "", isDate, ""]);
    expect(byId.get(m.ids.cancelled)).toEqual([m.ids.cancelled, m.paymentIds[1], "2000", "CANCELLED", "other", "+22376001122", "", isDate, "", "", "", isDate]);
    expect(byId.get(m.ids.requested)).toEqual([m.ids.requested, m.paymentIds[1], "3000", "REQUESTED", "fraudulent", "+22365123456", "", isDate, "", "", "", ""]);

    const english = await exportOf(m.headers, "type=refunds&locale=en&status=EXECUTED");
    expect(english.rows[0].slice(0, 7)).toEqual(["ID", "Payment", "Amount (FCFA)", "Status", "Reason", "Number refunded", "Operator reference"]);
    expect(english.rows.slice(1).map((r) => r[0])).toEqual([m.ids.executed]);
    const bad = await call(exportsRoute.GET, "GET", `/dashboard-api/exports?type=refunds&status=COMPLETED&${range}`, { headers: m.headers });
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: "INVALID_REPORT_FILTER" });
  });

  it("shows each refund's movements in the balance history export: reserved, paid to the customer, given back", async () => {
    const m = await merchantWithRefunds();
    const { rows } = await exportOf(m.headers, "type=balance_transactions");
    const [header, ...body] = rows;
    const at = (name: string) => header.indexOf(name);
    const movements = (refundId: string) =>
      body.filter((r) => r[at("Identifiant de l'objet")] === refundId).map((r) => [r[at("Code du mouvement")], r[at("Solde concerné")], r[at("Montant (FCFA)")]]).sort();
    expect(movements(m.ids.executed)).toEqual([
      ["refund_paid", "Réservé (retraits et remboursements en cours)", "-12500"],
      ["refund_reserved", "Disponible", "-12500"],
      ["refund_reserved", "Réservé (retraits et remboursements en cours)", "12500"],
    ]);
    expect(body.find((r) => r[at("Code du mouvement")] === "refund_paid")?.[at("Mouvement")]).toBe("Remboursement versé au client");
    expect(movements(m.ids.refused)).toContainEqual(["refund_released", "Disponible", "1000"]);
    expect(movements(m.ids.cancelled)).toContainEqual(["refund_released", "Disponible", "2000"]);
    const paidOnly = await exportOf(m.headers, "type=balance_transactions&types=refund_paid");
    expect(paidOnly.rows.slice(1).map((r) => r[at("Identifiant de l'objet")])).toEqual([m.ids.executed]);
  });

  it("is a report type of POST /v1/reports", async () => {
    const m = await merchantWithRefunds();
    const created = await call(createReport, "POST", "/v1/reports", { key: m.testKey, body: { type: "refunds", from: day(-1), to: day(2), status: "requested", delimiter: ";" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await generateDueReports(db(), { max: 50 });
    const report = (await call(getReport, "GET", `/v1/reports/${created.body.data.id}`, { key: m.testKey, params: { id: created.body.data.id } })).body.data;
    expect(report).toMatchObject({ type: "refunds", status: "READY", row_count: 1 });
    const file = await downloadReport(new Request(`http://localhost:3000/v1/reports/${report.id}/download`, { headers: { authorization: `Bearer ${m.testKey}` } }), { params: Promise.resolve({ id: report.id }) });
    const rows = rowsOf(await file.text());
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([[m.ids.requested, "REQUESTED"]]);
  });
});
