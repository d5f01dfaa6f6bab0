import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users, type MerchantRole, type Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { advanceTestClock } from "@/lib/clock";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { call } from "@/tests/support/http";
import * as one from "./[id]/route";
import * as finalize from "./[id]/finalize/route";
import * as send from "./[id]/send/route";
import * as voidRoute from "./[id]/void/route";
import * as invoices from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account(name = "Boutique Factures") {
  const created = await signUp(db(), { email: `invoices-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN });
  /** Another member of the same team, with this role. */
  const member = async (role: MerchantRole) => {
    const [user] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${Date.now()}-${seq++}@invoices.example.ml`, passwordHash: "x", role: "merchant", merchantId: created.merchantId, merchantRole: role })
      .returning();
    return { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN };
  };
  return { ...created, as, member };
}

type Account = Awaited<ReturnType<typeof account>>;
type Headers = Record<string, string>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const DRAFT = {
  customer_phone: "70 00 00 01",
  customer_name: "Awa Traoré",
  lines: [
    { description: "Pagne wax 6 yards", quantity: 2, unit_amount: 5_000 },
    { description: "Couture", unit_amount: 2_500 },
  ],
  due_date: day(10),
  notes: "Merci de votre confiance.",
};

const create = (body: unknown, headers: Headers) => call(invoices.POST, "POST", "/dashboard-api/invoices", { body, headers });
const list = (query: string, headers: Headers) => call(invoices.GET, "GET", `/dashboard-api/invoices${query}`, { headers });
const read = (id: string, headers: Headers) => call(one.GET, "GET", `/dashboard-api/invoices/${id}`, { headers, params: { id } });
const patch = (id: string, body: unknown, headers: Headers) => call(one.PATCH, "PATCH", `/dashboard-api/invoices/${id}`, { body, headers, params: { id } });
const remove = (id: string, headers: Headers) => call(one.DELETE, "DELETE", `/dashboard-api/invoices/${id}`, { headers, params: { id } });
const finalizeOf = (id: string, headers: Headers) => call(finalize.POST, "POST", `/dashboard-api/invoices/${id}/finalize`, { headers, params: { id } });
const sendOf = (id: string, body: unknown, headers: Headers) => call(send.POST, "POST", `/dashboard-api/invoices/${id}/send`, { body, headers, params: { id } });
const voidOf = (id: string, body: unknown, headers: Headers) => call(voidRoute.POST, "POST", `/dashboard-api/invoices/${id}/void`, { body, headers, params: { id } });

async function draft(a: Account, body: Record<string, unknown> = DRAFT) {
  const res = await create(body, a.as());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; total: number; number: string | null };
}

describe("the dashboard's invoices", () => {
  it("creates a draft priced by the service, edits it, finalizes it, sends it by SMS and WhatsApp, and voids it, each step on the timeline", async () => {
    const a = await account();
    const created = await draft(a);
    expect(created).toMatchObject({ status: "DRAFT", number: null, total: 12_500, customer_phone: "+22370000001", reminder_days: [-3, 0, 3, 7], locale: "fr" });

    const edited = await patch(created.id, { lines: [...DRAFT.lines, { description: "Livraison", quantity: 1, unit_amount: 1_500 }], reminder_days: [7, 0], locale: "en" }, a.as());
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ total: 14_000, reminder_days: [0, 7], locale: "en", customer_name: "Awa Traoré" });

    const opened = await finalizeOf(created.id, a.as());
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ status: "OPEN", number: `FAC-${new Date().getUTCFullYear()}-0001`, due_date: DRAFT.due_date });
    expect(opened.body.data.hosted_invoice_url).toMatch(/\/i\/[A-Za-z0-9]{20}$/);
    // Finalized: no more edits, no deletion, no second number.
    expect((await patch(created.id, { notes: "Trop tard" }, a.as())).body.error).toMatchObject({ code: "INVOICE_NOT_DRAFT" });
    expect((await remove(created.id, a.as())).body.error).toMatchObject({ code: "INVOICE_NOT_DRAFT" });
    expect((await finalizeOf(created.id, a.as())).status).toBe(409);

    const sent = await sendOf(created.id, { channels: ["sms", "whatsapp"] }, a.as());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.sent_channels).toEqual(["sms", "whatsapp"]);
    expect(sent.body.data.delivery.sms).toMatchObject({ status: expect.stringMatching(/^(queued|scheduled)$/) });
    expect(sent.body.data.delivery.whatsapp_url).toMatch(/^https:\/\/wa\.me\/22370000001\?text=/);

    const voided = await voidOf(created.id, { reason: "Commande annulée par la cliente" }, a.as());
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.data).toMatchObject({ status: "VOID", void_reason: "Commande annulée par la cliente", amount_due: 0 });

    const detail = await read(created.id, a.as());
    expect(detail.status).toBe(200);
    expect(detail.body.data.invoice).toMatchObject({ id: created.id, status: "VOID" });
    expect(detail.body.data.timeline.map((e: { kind: string; channel: string | null }) => [e.kind, e.channel])).toEqual([
      ["created", null],
      ["finalized", null],
      ["sent", "sms"],
      ["sent", "whatsapp"],
      ["voided", null],
    ]);
  });

  it("refuses what the API refuses with the same codes, naming the field the form shows the error beside", async () => {
    const a = await account();
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ ...DRAFT, customer_phone: "12" }, 400, "INVALID_PHONE", "customer_phone"],
      [{ ...DRAFT, customer_phone: undefined }, 400, "MISSING_PHONE", "customer_phone"],
      [{ ...DRAFT, customer_email: "pas-un-email" }, 400, "INVALID_EMAIL", "customer_email"],
      [{ ...DRAFT, lines: [] }, 400, "INVALID_INVOICE_LINES", "lines"],
      [{ ...DRAFT, lines: [{ description: "Trop", quantity: 2, unit_amount: 5_000_000 }] }, 400, "INVOICE_TOTAL_OUT_OF_RANGE", "lines"],
      [{ ...DRAFT, due_date: day(-1) }, 400, "INVALID_DUE_DATE", "due_date"],
      [{ ...DRAFT, reminder_days: [3, 3] }, 400, "INVALID_REMINDER_DAYS", "reminder_days"],
      [{ ...DRAFT, locale: "de" }, 400, "INVALID_INVOICE_LOCALE", "locale"],
    ];
    for (const [body, status, code, param] of refusals) {
      const res = await create(body, a.as());
      expect({ status: res.status, code: res.body.error?.code, param: res.body.error?.param }).toEqual({ status, code, param });
    }
    expect((await list("", a.as())).body.data.pagination.total).toBe(0);

    const d = await draft(a, { ...DRAFT, lines: [{ description: "Échantillon", unit_amount: 50 }] });
    // A draft may be under the minimum; finalizing needs 100 FCFA at least.
    expect((await finalizeOf(d.id, a.as())).body.error).toMatchObject({ code: "INVOICE_TOTAL_OUT_OF_RANGE", param: "lines" });
    expect((await sendOf(d.id, { channels: ["sms"] }, a.as())).body.error).toMatchObject({ code: "INVOICE_IS_DRAFT" });
    expect((await voidOf(d.id, {}, a.as())).body.error).toMatchObject({ code: "INVOICE_IS_DRAFT" });
    await patch(d.id, { lines: DRAFT.lines }, a.as());
    expect((await finalizeOf(d.id, a.as())).status).toBe(200);
    expect((await sendOf(d.id, { channels: [] }, a.as())).body.error).toMatchObject({ code: "INVALID_INVOICE_CHANNELS", param: "channels" });
    expect((await sendOf(d.id, { channels: ["sms", "sms"] }, a.as())).body.error).toMatchObject({ code: "INVALID_INVOICE_CHANNELS", param: "channels" });
    expect((await sendOf(d.id, { channels: ["email"] }, a.as())).body.error).toMatchObject({ code: "INVOICE_EMAIL_MISSING", param: "channels" });
    expect((await voidOf(d.id, { reason: "x".repeat(301) }, a.as())).body.error).toMatchObject({ code: "INVALID_VOID_REASON", param: "reason" });
  });

  it("deletes a draft, lists by status, search, customer and page, and reads OVERDUE from the due date", async () => {
    const a = await account();
    const gone = await draft(a);
    expect((await remove(gone.id, a.as())).body.data).toEqual({ id: gone.id, object: "invoice", deleted: true });
    expect((await read(gone.id, a.as())).status).toBe(404);

    const kept = await draft(a, { ...DRAFT, customer_name: "Moussa Keïta", customer_phone: "+22376554433", client_reference: "CMD-77" });
    const open = await draft(a);
    await finalizeOf(open.id, a.as());
    const third = await draft(a, { ...DRAFT, customer_name: "Fatoumata Diarra" });

    const ids = async (query: string) => (await list(query, a.as())).body.data.invoices.map((i: { id: string }) => i.id);
    expect(await ids("")).toEqual([third.id, open.id, kept.id]);
    expect(await ids("?status=DRAFT")).toEqual([third.id, kept.id]);
    expect(await ids("?status=OPEN")).toEqual([open.id]);
    expect(await ids("?status=OVERDUE")).toEqual([]);
    expect(await ids("?search=keïta")).toEqual([kept.id]);
    expect(await ids("?search=cmd-77")).toEqual([kept.id]);
    expect(await ids("?search=FAC-")).toEqual([open.id]);
    expect(await ids(`?customer_phone=${encodeURIComponent("76 55 44 33")}`)).toEqual([kept.id]);
    const page2 = await list("?limit=2&page=2", a.as());
    expect(page2.body.data).toMatchObject({ invoices: [{ id: kept.id }], pagination: { page: 2, limit: 2, total: 3, pages: 2 } });

    // Past its due date on the merchant's (sandbox) clock, the open invoice reads and filters as OVERDUE.
    await advanceTestClock(db(), a.merchantId, 11 * 86_400);
    expect(await ids("?status=OVERDUE")).toEqual([open.id]);
    expect(await ids("?status=OPEN")).toEqual([]);
    expect((await read(open.id, a.as())).body.data.invoice.status).toBe("OVERDUE");
    expect((await list("?status=LATE", a.as())).body.error).toMatchObject({ code: "INVALID_INVOICE_STATUS", param: "status" });
    expect((await list("?customer_phone=12", a.as())).body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
  });

  it("lets a viewer read and refuses every change with 403 ROLE_FORBIDDEN, changing nothing; a finance member may act", async () => {
    const a = await account();
    const d = await draft(a);
    const viewer = await a.member("viewer");
    expect((await list("", viewer)).body.data.invoices.map((i: { id: string }) => i.id)).toEqual([d.id]);
    expect((await read(d.id, viewer)).status).toBe(200);

    const attempts = [
      () => create(DRAFT, viewer),
      () => patch(d.id, { notes: "Par un lecteur" }, viewer),
      () => finalizeOf(d.id, viewer),
      () => sendOf(d.id, { channels: ["sms"] }, viewer),
      () => voidOf(d.id, { reason: "Par un lecteur" }, viewer),
      () => remove(d.id, viewer),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: "ROLE_FORBIDDEN" });
      expect(res.body.error.message).toContain("(viewer)");
    }
    const after = (await read(d.id, a.as())).body.data;
    expect(after.invoice).toMatchObject({ status: "DRAFT", notes: DRAFT.notes });
    expect(after.timeline).toHaveLength(1);
    expect((await list("", a.as())).body.data.pagination.total).toBe(1);

    const finance = await a.member("finance");
    expect((await finalizeOf(d.id, finance)).body.data).toMatchObject({ status: "OPEN" });
  });

  it("answers 404 for another merchant's invoice and the other mode's", async () => {
    const a = await account();
    const b = await account("Autre boutique");
    const d = await draft(a);
    expect((await read(d.id, b.as())).body.error).toMatchObject({ code: "INVOICE_NOT_FOUND" });
    expect((await read(d.id, a.as("live"))).status).toBe(404);
    expect((await patch(d.id, { notes: "Volé" }, b.as())).status).toBe(404);
    expect((await finalizeOf(d.id, b.as())).status).toBe(404);
    expect((await list("", b.as())).body.data.invoices).toEqual([]);
    expect((await read(d.id, a.as())).body.data.invoice).toMatchObject({ status: "DRAFT", notes: DRAFT.notes });
  });

  it("refuses a change without the dashboard's Origin (CSRF) or without a session", async () => {
    const a = await account();
    const d = await draft(a);
    const evil = { cookie: a.as().cookie, origin: "https://evil.example" };
    for (const res of [await create(DRAFT, evil), await patch(d.id, { notes: "Piégé" }, evil), await finalizeOf(d.id, evil), await voidOf(d.id, {}, evil), await remove(d.id, evil)]) {
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: "CSRF_REJECTED" });
    }
    expect((await finalizeOf(d.id, { origin: ORIGIN })).status).toBe(401);
    expect((await list("", { origin: ORIGIN })).status).toBe(401);
    expect((await read(d.id, a.as())).body.data.invoice).toMatchObject({ status: "DRAFT", notes: DRAFT.notes });
  });
});
