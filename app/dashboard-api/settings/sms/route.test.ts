import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, users, type MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { newId } from "@/lib/ids";
import { createMerchant } from "@/lib/platform/merchants";
import { enqueueSms, optOutOfSms } from "@/lib/sms/outbox";
import { smsPolicy } from "@/lib/sms/policy";
import { smsUseEnabled } from "@/lib/sms/uses";
import { call } from "@/tests/support/http";
import * as sms from "./route";

const ORIGIN = "http://localhost:3000";

async function merchantWithTeam() {
  const { merchant } = await createMerchant(db(), { name: "Boutique Awa" });
  const as = async (role: MerchantRole) => {
    const [user] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${newId("x")}@sms.example.ml`, passwordHash: "x", role: "merchant", merchantId: merchant.id, merchantRole: role })
      .returning();
    return { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN };
  };
  return { merchant, as };
}

const put = (headers: Record<string, string>, body: unknown) => call(sms.PUT, "PUT", "/dashboard-api/settings/sms", { headers, body });
const get = (headers: Record<string, string>) => call(sms.GET, "GET", "/dashboard-api/settings/sms", { headers });

describe("text-message settings", () => {
  it("has every use on until an owner turns one off, in the audit log; the job's check follows", async () => {
    const { merchant, as } = await merchantWithTeam();
    const owner = await as("owner");
    expect((await get(owner)).body.data).toMatchObject({ uses: [{ use: "delivery_code", enabled: true }, { use: "payment_receipt", enabled: true }, { use: "payment_request", enabled: true }, { use: "invoice_reminder", enabled: true }, { use: "subscription_payment_due", enabled: true }], delivery: "sandbox", recent: [] });
    const saved = await put(owner, { disabled: ["payment_receipt"] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.uses).toContainEqual({ use: "payment_receipt", enabled: false });
    expect(await smsUseEnabled(db(), merchant.id, "payment_receipt")).toBe(false);
    expect(await smsUseEnabled(db(), merchant.id, "delivery_code")).toBe(true);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.targetId, merchant.id), eq(auditLog.action, "sms.uses_update")));
    expect(entry).toMatchObject({ before: { disabled: [] }, after: { disabled: ["payment_receipt"] } });
    // All back on.
    expect((await put(owner, { disabled: [] })).body.data.uses.every((u: { enabled: boolean }) => u.enabled)).toBe(true);
  });

  it("refuses an unknown use, a missing list and a longer list than there are uses", async () => {
    const { as } = await merchantWithTeam();
    const owner = await as("owner");
    expect((await put(owner, { disabled: ["marketing"] })).body.error).toMatchObject({ code: "INVALID_SMS_USE", param: "disabled.0" });
    expect((await put(owner, {})).body.error).toMatchObject({ code: "MISSING_FIELD", param: "disabled" });
    const every = ["delivery_code", "payment_receipt", "payment_request", "invoice_reminder", "subscription_payment_due"];
    expect((await put(owner, { disabled: [...every, "delivery_code"] })).status).toBe(400);
    expect((await put(owner, { disabled: every })).status).toBe(200);
  });

  it("lets a viewer read but not change them", async () => {
    const { as } = await merchantWithTeam();
    const viewer = await as("viewer");
    expect((await get(viewer)).status).toBe(200);
    expect((await put(viewer, { disabled: [] })).body.error.code).toBe("ROLE_FORBIDDEN");
  });

  it("lists the latest messages of the mode, newest first, with why one was not sent", async () => {
    const { merchant, as } = await merchantWithTeam();
    const policy = smsPolicy({ SMS_QUIET_HOURS: "off" });
    const base = { merchantId: merchant.id, mode: "test" as const, locale: "fr" as const, template: "test" as const, params: { merchant: "Boutique Awa" } };
    await enqueueSms(db(), { ...base, to: "+22370000001", dedupeKey: `s-${newId("x")}` }, policy, new Date(Date.now() - 1_000));
    await optOutOfSms(db(), merchant.id, "+22370000002");
    await enqueueSms(db(), { ...base, to: "+22370000002", dedupeKey: `s-${newId("x")}` }, policy);
    await enqueueSms(db(), { ...base, mode: "live", to: "+22370000003", dedupeKey: `s-${newId("x")}` }, policy);
    const { recent } = (await get(await as("owner"))).body.data;
    expect(recent).toMatchObject([
      { to: "+22370000002", status: "SUPPRESSED", suppressedReason: "opted_out", segments: 1 },
      { to: "+22370000001", status: "PENDING", segments: 1, encoding: "gsm7" },
    ]);
  });
});
