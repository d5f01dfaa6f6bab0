import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callback } from "@/app/api/operator/callback/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as cancelPayment } from "@/app/v1/payments/[id]/cancel/route";
import { GET as balance } from "@/app/v1/withdrawals/balance/route";
import * as lateCredit from "@/app/ops-api/late-collections/[id]/credit/route";
import { db } from "@/db/client";
import { auditLog, journals, lateCollections, payments, reconciliationDifferences, reconciliationLines, reconciliationStatements } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { OPERATOR_SIGNATURE_HEADER, signOperatorBody } from "@/lib/operator/signature";
import { MAX_REPORTED_LINE_ERRORS, MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES } from "@/lib/reconciliation/statement-csv";
import { call } from "@/tests/support/http";
import { newLiveMerchant } from "@/tests/support/merchant";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import * as resolveRoute from "./differences/[id]/resolve/route";
import * as report from "./route";
import * as statements from "./statements/route";

/**
 * The daily reconciliation through the real handlers (staff session, CSRF origin, audit): the
 * operator's CSV imported strictly, each kind of difference found against live payments, and each
 * difference resolved once, a late collection credited once however many staff press at once.
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "mot de passe solide";
const SECRET = "ops_reco_live_secret";
const HEADER = "operator_reference,payment_reference,amount,status,timestamp";
const saved = { ...process.env };
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

beforeAll(() => {
  // Live payments need a configured live adapter; nothing here calls it (the operator's callbacks come to us).
  Object.assign(process.env, { OPERATOR_LIVE_URL: "http://127.0.0.1:9", OPERATOR_LIVE_KEY: "ops_reco_key", OPERATOR_LIVE_CALLBACK_SECRET: SECRET });
});
afterAll(() => {
  process.env = saved;
});

// Each test reconciles a day of its own, in the past: payments settled today are moved onto it.
let dayIndex = 0;
const nextDay = () => new Date(Date.UTC(2026, 0, 1 + dayIndex++)).toISOString().slice(0, 10);

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: PASSWORD });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

async function merchantHeaders() {
  const created = await signUp(db(), { email: email("merchant"), password: PASSWORD, businessName: "Boutique curieuse" });
  return { cookie: await mintSessionCookie((await getUser(db(), created.userId))!), origin: ORIGIN };
}

async function livePayment(liveKey: string, amount: number) {
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: liveKey,
    idempotencyKey: `reco-${Date.now()}-${seq++}`,
    body: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000001", return_url: "https://shop.example.ml/ok" },
  });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

async function operatorSays(paymentId: string, status: "SUCCESS" | "FAILED", providerRef: string) {
  const raw = JSON.stringify({ reference: paymentId, status, provider_ref: providerRef });
  const res = await call(callback, "POST", "/api/operator/callback", { rawBody: raw, headers: { "content-type": "application/json", [OPERATOR_SIGNATURE_HEADER]: signOperatorBody(SECRET, raw) } });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A live SUCCESS payment, settled (by the operator's callback) on `day`. */
async function collected(liveKey: string, amount: number, day: string) {
  const id = await livePayment(liveKey, amount);
  const ref = `OM-${seq++}-${Date.now()}`;
  await operatorSays(id, "SUCCESS", ref);
  await db().update(payments).set({ settledAt: new Date(`${day}T10:00:00Z`) }).where(eq(payments.id, id));
  return { id, ref };
}

async function cancelled(liveKey: string, amount: number) {
  const id = await livePayment(liveKey, amount);
  expect((await call(cancelPayment, "POST", `/v1/payments/${id}/cancel`, { params: { id } })).body.data.status).toBe("CANCELLED");
  return id;
}

const importCsv = (headers: Record<string, string>, day: string, csv: string) =>
  call(statements.POST, "POST", "/ops-api/reconciliation/statements", { headers, body: { day, csv, file_name: `releve-${day}.csv` } });

const reportOf = (headers: Record<string, string>, day: string) => call(report.GET, "GET", `/ops-api/reconciliation?day=${day}`, { headers });

const resolve = (headers: Record<string, string>, id: string, body: unknown) =>
  call(resolveRoute.POST, "POST", `/ops-api/reconciliation/differences/${id}/resolve`, { params: { id }, headers, body });

const available = async (liveKey: string) => (await call(balance, "GET", "/v1/withdrawals/balance", { key: liveKey })).body.data.available as number;

const csvOf = (day: string, rows: string[][]) => [HEADER, ...rows.map((r) => r.join(","))].join("\n") + "\n";
const at = (day: string, time = "12:00:00") => `${day}T${time}Z`;

type Diff = { id: string; kind: string; payment_id: string | null; operator_reference: string | null; resolutions: string[]; status: string };

describe("the ops console's reconciliation", () => {
  it("is staff only: a merchant's session gets 404, no session 401", async () => {
    const m = await merchantHeaders();
    const day = nextDay();
    for (const [handler, method, path, body, params] of [
      [report.GET, "GET", `/ops-api/reconciliation?day=${day}`, undefined, {}],
      [statements.GET, "GET", "/ops-api/reconciliation/statements", undefined, {}],
      [statements.POST, "POST", "/ops-api/reconciliation/statements", { day, csv: csvOf(day, [["OM-1", "", "100", "SUCCESS", at(day)]]) }, {}],
      [resolveRoute.POST, "POST", "/ops-api/reconciliation/differences/rcd_x/resolve", { resolution: "error", note: "Erreur de saisie" }, { id: "rcd_x" }],
    ] as const) {
      expect((await call(handler, method, path, { headers: m, body, params })).status, path).toBe(404);
      expect((await call(handler, method, path, { headers: { origin: ORIGIN }, body, params })).status, path).toBe(401);
    }
    expect(await db().select().from(reconciliationStatements).where(eq(reconciliationStatements.day, day))).toEqual([]);
  });

  it("refuses a bad statement whole, naming every bad line by its number", async () => {
    const s = await staff();
    const day = nextDay();
    const bad = await importCsv(s.headers, day, [
      HEADER,
      ["OM-A", "", "12500", "SUCCESS", at(day)].join(","), // line 2: good
      "OM-B,,12500,SUCCESS", // 3: four fields
      '"OM-C,,12500,SUCCESS,' + at(day), // 4: unclosed quote
      ["", "", "12500", "SUCCESS", at(day)].join(","), // 5: no operator reference
      ["OM D", "", "12500", "SUCCESS", at(day)].join(","), // 6: a space in a reference
      ["OM-E", "", "12 500", "SUCCESS", at(day)].join(","), // 7: separators in the amount
      ["OM-F", "", "0", "SUCCESS", at(day)].join(","), // 8: zero
      ["OM-G", "", "5000001", "SUCCESS", at(day)].join(","), // 9: over the limit
      ["OM-H", "", "12500", "PAID", at(day)].join(","), // 10: unknown status
      ["OM-I", "", "12500", "SUCCESS", `${day}T12:00:00`].join(","), // 11: no offset
      ["OM-J", "", "12500", "SUCCESS", "2025-12-31T23:59:59Z"].join(","), // 12: another day
      ["OM-A", "", "12500", "SUCCESS", at(day)].join(","), // 13: operator reference again
      ["OM-K", "txn_1", "100", "SUCCESS", at(day)].join(","), // 14: good
      ["OM-L", "txn_1", "100", "SUCCESS", at(day)].join(","), // 15: payment reference again
      ['"OM-M"', '""', '"100"', '"FAILED"', `"${at(day)}"`].join(","), // 16: good, quoted
    ].join("\r\n"));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_STATEMENT_CSV");
    const params = bad.body.error.details.map((d: { param: string }) => d.param);
    expect(params).toEqual([
      "line_3",
      "line_4",
      "line_5.operator_reference",
      "line_6.operator_reference",
      "line_7.amount",
      "line_8.amount",
      "line_9.amount",
      "line_10.status",
      "line_11.timestamp",
      "line_12.timestamp",
      "line_13.operator_reference",
      "line_15.payment_reference",
    ]);
    expect(bad.body.error.details[0].message).toBe("Line 3: expected 5 fields, found 4.");
    expect(bad.body.error.details[10].message).toBe("Line 13, operator_reference: repeats line 2.");

    // Past 50 bad lines, one last entry counts the rest.
    const many = await importCsv(s.headers, day, csvOf(day, Array.from({ length: 60 }, (_, i) => [`OM-${i}`, "", "-1", "SUCCESS", at(day)])));
    expect(many.body.error.details).toHaveLength(MAX_REPORTED_LINE_ERRORS + 1);
    expect(many.body.error.details.at(-1).message).toBe("10 more bad lines not listed.");
    expect(many.body.error.message).toBe("60 bad lines in the statement; nothing was imported.");

    const header = await importCsv(s.headers, day, "reference,amount\nOM-1,100\n");
    expect(header.body.error.details.map((d: { param: string }) => d.param)).toEqual(["line_1"]);
    const empty = await importCsv(s.headers, day, `${HEADER}\n`);
    expect([empty.status, empty.body.error.code, empty.body.error.details[0].param]).toEqual([400, "INVALID_STATEMENT_CSV", "line_2"]);
    const missing = await call(statements.POST, "POST", "/ops-api/reconciliation/statements", { headers: s.headers, body: { day } });
    expect([missing.status, missing.body.error.code, missing.body.error.param]).toEqual([400, "INVALID_STATEMENT_CSV", "csv"]);

    for (const d of ["2026-02-30", "27/11/2026", "2999-01-01"]) {
      const res = await importCsv(s.headers, d, csvOf(day, [["OM-1", "", "100", "SUCCESS", at(day)]]));
      expect([res.status, res.body.error.code, res.body.error.param], d).toEqual([400, "INVALID_STATEMENT_DAY", "day"]);
    }

    const line = (i: number) => [`OM-${i}`, "", "100", "SUCCESS", at(day)].join(",");
    const tooMany = [HEADER, ...Array.from({ length: MAX_STATEMENT_LINES + 1 }, (_, i) => line(i))].join("\n");
    expect(tooMany.length).toBeLessThan(MAX_STATEMENT_BYTES);
    const refusedLines = await importCsv(s.headers, day, tooMany);
    expect([refusedLines.status, refusedLines.body.error.code]).toEqual([413, "STATEMENT_TOO_LARGE"]);
    // One byte over, counted in bytes (an "é" is two), not characters.
    const overBytes = `${HEADER}\n${line(0)}\n`.padEnd(MAX_STATEMENT_BYTES - 1, " ") + "é";
    expect(overBytes.length).toBe(MAX_STATEMENT_BYTES);
    const refusedBytes = await importCsv(s.headers, day, overBytes);
    expect([refusedBytes.status, refusedBytes.body.error.code]).toEqual([413, "STATEMENT_TOO_LARGE"]);

    expect(await db().select().from(reconciliationStatements).where(eq(reconciliationStatements.day, day))).toEqual([]);
    expect((await reportOf(s.headers, day)).body.data).toMatchObject({ day, statement: null, differences: [] });
  });

  it("imports a statement of exactly the line limit", async () => {
    const s = await staff();
    const day = nextDay();
    const full = csvOf(day, Array.from({ length: MAX_STATEMENT_LINES }, (_, i) => [`OM-FULL-${i}`, "", "100", "SUCCESS", at(day)]));
    const res = await importCsv(s.headers, day, full);
    expect(res.status).toBe(201);
    expect(res.body.data.summary).toMatchObject({ lines: MAX_STATEMENT_LINES, differences: MAX_STATEMENT_LINES, open: MAX_STATEMENT_LINES });
  });

  it("finds each kind of difference against the day's live collections, and a re-import is idempotent or replaces", async () => {
    const s = await staff();
    const m = await newLiveMerchant({ name: "Boutique rapprochée" });
    const day = nextDay();
    const matched = await collected(m.liveKey, 10_000, day);
    const byProviderRef = await collected(m.liveKey, 12_000, day);
    const absent = await collected(m.liveKey, 7_500, day);
    const failedThere = await collected(m.liveKey, 3_000, day);
    const paidThere = await cancelled(m.liveKey, 4_000);
    // A late collection staff already credited in its own queue is explained: no difference.
    const creditedLate = await cancelled(m.liveKey, 2_000);
    const late = await operatorSays(creditedLate, "SUCCESS", "OM-LATE-1");
    expect((await call(lateCredit.POST, "POST", `/ops-api/late-collections/${late.late_collection_id}/credit`, { params: { id: late.late_collection_id }, headers: s.headers, body: { note: "Achat confirmé" } })).status).toBe(200);
    // A test-mode payment is not ours to reconcile: its reference is unknown to the live statement.
    const testPayment = await livePayment(m.testKey, 1_000);

    const csv = csvOf(day, [
      [matched.ref, matched.id, "10000", "SUCCESS", at(day, "09:00:00")],
      [byProviderRef.ref, "", "12500", "SUCCESS", at(day, "09:10:00")],
      [failedThere.ref, failedThere.id, "3000", "FAILED", at(day, "09:20:00")],
      ["OM-PAID-THERE", paidThere, "4000", "SUCCESS", at(day, "09:30:00")],
      ["OM-LATE-1", creditedLate, "2000", "SUCCESS", at(day, "09:40:00")],
      ["OM-NOBODY", "", "900", "SUCCESS", at(day, "09:50:00")],
      ["OM-TEST", testPayment, "1000", "SUCCESS", at(day, "10:00:00")],
    ]);
    const first = await importCsv(s.headers, day, csv);
    expect(first.status).toBe(201);
    expect(first.body.outcome).toBe("created");
    const data = first.body.data;
    expect(data.statement).toMatchObject({ day, provider: "OPERATOR_MONEY", line_count: 7, file_name: `releve-${day}.csv`, imported_by: `staff:${s.user.email}` });
    expect(data.summary).toEqual({ lines: 7, collected_at_operator: 10_000 + 12_500 + 4_000 + 2_000 + 900 + 1_000, differences: 6, open: 6 });
    const kinds = (data.differences as Diff[]).map((d) => [d.kind, d.payment_id, d.operator_reference, d.resolutions]).sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[2]).localeCompare(String(b[2])));
    expect(kinds).toEqual(
      [
        ["amount_mismatch", byProviderRef.id, byProviderRef.ref, ["error"]],
        ["missing_at_operator", absent.id, absent.ref, ["error"]],
        ["missing_at_operator", failedThere.id, failedThere.ref, ["error"]],
        ["paid_not_success", paidThere, "OM-PAID-THERE", ["late_collection", "error"]],
        ["unknown_reference", null, "OM-NOBODY", ["error"]],
        ["unknown_reference", null, "OM-TEST", ["error"]],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[2]).localeCompare(String(b[2]))),
    );
    const mismatch = (data.differences as Diff[]).find((d) => d.kind === "amount_mismatch");
    expect(mismatch).toMatchObject({ operator_amount: 12_500, our_amount: 12_000, payment_status: "SUCCESS", merchant_name: "Boutique rapprochée", status: "OPEN" });
    expect((data.differences as Diff[]).find((d) => d.kind === "paid_not_success")).toMatchObject({ payment_status: "CANCELLED", operator_amount: 4_000, our_amount: 4_000 });
    expect((await reportOf(s.headers, day)).body.data).toEqual(data);

    // The same file again: nothing changes, nothing is audited twice.
    const again = await importCsv(s.headers, day, csv);
    expect([again.status, again.body.outcome]).toEqual([200, "unchanged"]);
    expect(again.body.data).toEqual(data);
    const statementId = data.statement.id as string;
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, statementId))).map((a) => [a.action, a.actor])).toEqual([["reconciliation_statement.import", `staff:${s.user.email}`]]);

    // A corrected file replaces the day while nothing is resolved.
    const corrected = csvOf(day, [
      [matched.ref, matched.id, "10000", "SUCCESS", at(day, "09:00:00")],
      [byProviderRef.ref, "", "12000", "SUCCESS", at(day, "09:10:00")],
      [absent.ref, absent.id, "7500", "SUCCESS", at(day, "09:15:00")],
      [failedThere.ref, failedThere.id, "3000", "SUCCESS", at(day, "09:20:00")],
      ["OM-PAID-THERE", paidThere, "4000", "SUCCESS", at(day, "09:30:00")],
    ]);
    const replaced = await importCsv(s.headers, day, corrected);
    expect([replaced.status, replaced.body.outcome, replaced.body.data.statement.id]).toEqual([200, "replaced", statementId]);
    expect((replaced.body.data.differences as Diff[]).map((d) => d.kind)).toEqual(["paid_not_success"]);
    expect(await db().select().from(reconciliationLines).where(eq(reconciliationLines.statementId, statementId))).toHaveLength(5);
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, statementId))).map((a) => a.action).sort()).toEqual(["reconciliation_statement.import", "reconciliation_statement.replace"]);

    // Once a difference is resolved, the day's file can no longer be swapped under it.
    const [open] = replaced.body.data.differences as Diff[];
    expect((await resolve(s.headers, open.id, { resolution: "error", note: "Ligne en double chez l'opérateur" })).status).toBe(200);
    const refused = await importCsv(s.headers, day, csv);
    expect([refused.status, refused.body.error.code]).toEqual([409, "STATEMENT_DAY_RESOLVED"]);
    expect((await importCsv(s.headers, day, corrected)).body.outcome).toBe("unchanged");

    const days = await call(statements.GET, "GET", "/ops-api/reconciliation/statements", { headers: s.headers });
    expect(days.body.data.some((x: { id: string; day: string }) => x.id === statementId && x.day === day)).toBe(true);
  });

  it("resolves a collection paid at the operator as a late collection: credited exactly once when two staff resolve at once", async () => {
    const [a, b] = [await staff(), await staff()];
    const m = await newLiveMerchant({ name: "Boutique tardive" });
    const day = nextDay();
    const paymentId = await cancelled(m.liveKey, 12_500);
    const [{ feeTotal }] = await db().select({ feeTotal: payments.feeTotal }).from(payments).where(eq(payments.id, paymentId));
    const imported = await importCsv(a.headers, day, csvOf(day, [["OM-TARDIF-1", paymentId, "12500", "SUCCESS", at(day)]]));
    const [diff] = imported.body.data.differences as Diff[];
    expect(diff).toMatchObject({ kind: "paid_not_success", payment_id: paymentId });
    const before = await available(m.liveKey);

    const note = { resolution: "late_collection", note: "Le client confirme l'achat." };
    const answers = await Promise.all([resolve(a.headers, diff.id, note), resolve(b.headers, diff.id, note)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.status === 200)!;
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe("RECONCILIATION_DIFFERENCE_RESOLVED");
    expect(won.body.data).toMatchObject({ status: "RESOLVED", resolution: "late_collection", outcome: "credited", resolution_note: "Le client confirme l'achat.", resolutions: [] });

    expect(await available(m.liveKey)).toBe(before + 12_500 - feeTotal);
    const kinds = (await db().select({ kind: journals.kind }).from(journals).where(eq(journals.refId, paymentId))).map((j) => j.kind).sort();
    expect(kinds).toEqual(["payment.late_collected", "payment.late_credited"]);
    const [lc] = await db().select().from(lateCollections).where(eq(lateCollections.paymentId, paymentId));
    expect(lc).toMatchObject({ status: "CREDITED", providerRef: "OM-TARDIF-1", resolutionNote: "Le client confirme l'achat." });
    expect(won.body.data.late_collection_id).toBe(lc.id);
    expect(await unbalancedJournals(db())).toEqual([]);

    // The late-collection queue cannot credit it a second time either.
    const second = await call(lateCredit.POST, "POST", `/ops-api/late-collections/${lc.id}/credit`, { params: { id: lc.id }, headers: a.headers, body: { note: "Encore une fois" } });
    expect([second.status, second.body.error.code]).toEqual([409, "LATE_COLLECTION_RESOLVED"]);
    expect(await available(m.liveKey)).toBe(before + 12_500 - feeTotal);

    const audit = await db().select().from(auditLog).where(inArray(auditLog.targetId, [diff.id, lc.id]));
    const winner = won === answers[0] ? a : b;
    expect(audit.map((r) => [r.action, r.actor, r.merchantId]).sort()).toEqual([
      ["late_collection.credit", `staff:${winner.user.email}`, m.merchant.id],
      ["reconciliation_difference.late_collection", `staff:${winner.user.email}`, m.merchant.id],
    ]);
    const row = audit.find((r) => r.action === "reconciliation_difference.late_collection")!;
    expect([row.before?.status, row.after?.status, row.after?.outcome]).toEqual(["OPEN", "RESOLVED", "credited"]);
  });

  it("settles a payment still PENDING with us through the operator's path, and leaves an already credited late collection alone", async () => {
    const s = await staff();
    const m = await newLiveMerchant({ name: "Boutique en attente" });
    const day = nextDay();
    const pending = await livePayment(m.liveKey, 5_000);
    const creditedMeanwhile = await cancelled(m.liveKey, 6_000);
    const imported = await importCsv(s.headers, day, csvOf(day, [
      ["OM-PEND-1", pending, "5000", "SUCCESS", at(day)],
      ["OM-MEANWHILE", creditedMeanwhile, "6000", "SUCCESS", at(day)],
    ]));
    const diffs = imported.body.data.differences as Diff[];
    expect(diffs.map((d) => d.kind)).toEqual(["paid_not_success", "paid_not_success"]);
    const before = await available(m.liveKey);

    const settled = await resolve(s.headers, diffs.find((d) => d.payment_id === pending)!.id, { resolution: "late_collection", note: "Rappel de l'opérateur manqué" });
    expect(settled.body.data).toMatchObject({ outcome: "settled", late_collection_id: null });
    const [p] = await db().select().from(payments).where(eq(payments.id, pending));
    expect([p.status, p.providerRef]).toEqual(["SUCCESS", "OM-PEND-1"]);
    expect(await available(m.liveKey)).toBe(before + 5_000 - p.feeTotal);

    // Staff credited it in the late-collection queue after the import: the resolution records it, credits nothing.
    const late = await operatorSays(creditedMeanwhile, "SUCCESS", "OM-MEANWHILE");
    await call(lateCredit.POST, "POST", `/ops-api/late-collections/${late.late_collection_id}/credit`, { params: { id: late.late_collection_id }, headers: s.headers, body: { note: "Achat confirmé" } });
    const afterCredit = await available(m.liveKey);
    const explained = await resolve(s.headers, diffs.find((d) => d.payment_id === creditedMeanwhile)!.id, { resolution: "late_collection", note: "Déjà crédité" });
    expect(explained.body.data).toMatchObject({ outcome: "already_credited", late_collection_id: late.late_collection_id });
    expect(await available(m.liveKey)).toBe(afterCredit);
    expect(await db().select().from(journals).where(and(eq(journals.refId, creditedMeanwhile), eq(journals.kind, "payment.late_credited")))).toHaveLength(1);
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("resolves any difference as an error with a note; nothing moves, and only once", async () => {
    const s = await staff();
    const m = await newLiveMerchant({ name: "Boutique erreur" });
    const day = nextDay();
    const absent = await collected(m.liveKey, 8_000, day);
    const imported = await importCsv(s.headers, day, csvOf(day, [["OM-INCONNU", "", "500", "SUCCESS", at(day)]]));
    const diffs = imported.body.data.differences as Diff[];
    const missing = diffs.find((d) => d.kind === "missing_at_operator")!;
    const unknown = diffs.find((d) => d.kind === "unknown_reference")!;
    expect(missing.payment_id).toBe(absent.id);

    for (const [body, code] of [
      [{ resolution: "error" }, "INVALID_RESOLUTION_NOTE"],
      [{ resolution: "error", note: "no" }, "INVALID_RESOLUTION_NOTE"],
      [{ resolution: "error", note: "x".repeat(501) }, "INVALID_RESOLUTION_NOTE"],
      [{ resolution: "refund", note: "Pourquoi pas" }, "INVALID_RESOLUTION"],
      [{ note: "Pourquoi pas" }, "INVALID_RESOLUTION"],
    ] as const) {
      const res = await resolve(s.headers, missing.id, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const notLate = await resolve(s.headers, missing.id, { resolution: "late_collection", note: "Essai" });
    expect([notLate.status, notLate.body.error.code]).toEqual([409, "RESOLUTION_NOT_APPLICABLE"]);
    expect((await resolve(s.headers, unknown.id, { resolution: "late_collection", note: "Essai" })).body.error.code).toBe("RESOLUTION_NOT_APPLICABLE");
    expect((await resolve(s.headers, "rcd_nothing", { resolution: "error", note: "Essai" })).status).toBe(404);

    const before = await available(m.liveKey);
    const done = await resolve(s.headers, missing.id, { resolution: "error", note: "  Absent du relevé : l'opérateur le reportera demain.  " });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "RESOLVED", resolution: "error", outcome: null, resolution_note: "Absent du relevé : l'opérateur le reportera demain.", resolved_by: `staff:${s.user.email}` });
    expect(await available(m.liveKey)).toBe(before);
    const again = await resolve(s.headers, missing.id, { resolution: "error", note: "Encore" });
    expect([again.status, again.body.error.code]).toEqual([409, "RECONCILIATION_DIFFERENCE_RESOLVED"]);
    expect((await resolve(s.headers, unknown.id, { resolution: "error", note: "Référence d'un autre agrégateur" })).status).toBe(200);

    const audit = await db().select().from(auditLog).where(inArray(auditLog.targetId, [missing.id, unknown.id]));
    expect(audit.map((r) => [r.targetId, r.action, r.merchantId]).sort()).toEqual(
      [
        [missing.id, "reconciliation_difference.error", m.merchant.id],
        [unknown.id, "reconciliation_difference.error", null],
      ].sort(),
    );
    const rows = await db().select().from(reconciliationDifferences).where(eq(reconciliationDifferences.statementId, imported.body.data.statement.id));
    expect(rows.every((r) => r.status === "RESOLVED")).toBe(true);
    expect((await reportOf(s.headers, day)).body.data.summary).toMatchObject({ differences: 2, open: 0 });
  });
});
