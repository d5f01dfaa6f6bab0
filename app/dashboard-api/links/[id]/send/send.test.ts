import { like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { smsOutbox, users, type MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { call } from "@/tests/support/http";
import * as links from "../../route";
import * as send from "./route";

const ORIGIN = "http://localhost:3000";
const PHONE = "+22376554433";
let seq = 0;

async function account(name = "Boutique Awa") {
  const created = await signUp(db(), { email: `link-sms-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const owner = { cookie: `${cookie}; cauri_mode=test`, origin: ORIGIN };
  const member = async (role: MerchantRole) => {
    const [user] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${Date.now()}-${seq++}@link-sms.example.ml`, passwordHash: "x", role: "merchant", merchantId: created.merchantId, merchantRole: role })
      .returning();
    return { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN };
  };
  return { ...created, owner, member };
}

async function newLink(headers: Record<string, string>, body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const res = await call(links.POST, "POST", "/dashboard-api/links", { body, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const sendLink = (id: string, body: unknown, headers: Record<string, string>) => call(send.POST, "POST", `/dashboard-api/links/${id}/send`, { body, headers, params: { id } });
const messagesOf = (linkId: string) => db().select().from(smsOutbox).where(like(smsOutbox.dedupeKey, `payment-request:${linkId}:%`));

beforeEach(() => vi.stubEnv("SMS_QUIET_HOURS", "off"));
afterEach(() => vi.unstubAllEnvs());

describe("POST /dashboard-api/links/[id]/send", () => {
  it("sends an OPEN link's payment request for the amount typed, as POST /v1/payment-links/{id}/send does", async () => {
    const a = await account("Association Jigi");
    const link = await newLink(a.owner, { name: "Cotisation", mode: "OPEN", min_amount: 1_000, max_amount: 50_000 });
    const res = await sendLink(link.id, { customer_phone: "76 55 44 33", amount: 15_000 }, a.owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ link_id: link.id, to: "+223 76 •• •• 33", status: "queued", reason: null });
    const [sms] = await messagesOf(link.id);
    expect(sms).toMatchObject({ to: PHONE, template: "payment_request", status: "PENDING", segments: 1 });
    expect(sms.text).toBe(`Association Jigi vous demande 15 000 FCFA. Payez ici : ${link.url}`);

    // Each press is its own request: a second one is a second message.
    expect((await sendLink(link.id, { customer_phone: PHONE, amount: 15_000 }, a.owner)).status).toBe(200);
    expect(await messagesOf(link.id)).toHaveLength(2);
  });

  it("answers the API's codes, and refuses a viewer and a request from another site before sending anything", async () => {
    const a = await account();
    const link = await newLink(a.owner, { name: "Tissu wax", amount: 12_500 });
    const open = await newLink(a.owner, { name: "Don", mode: "OPEN", min_amount: 500, max_amount: 5_000 });

    expect((await sendLink(link.id, { customer_phone: "12" }, a.owner)).body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
    expect((await sendLink(open.id, { customer_phone: PHONE, amount: 9_000 }, a.owner)).body.error).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE", param: "amount" });
    const viewer = await sendLink(link.id, { customer_phone: PHONE }, await a.member("viewer"));
    expect([viewer.status, viewer.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);
    const csrf = await sendLink(link.id, { customer_phone: PHONE }, { cookie: a.owner.cookie, origin: "https://evil.example" });
    expect(csrf.body.error.code).toBe("CSRF_REJECTED");
    await setDisabledSmsUses(db(), a.merchantId, ["payment_request"]);
    const disabled = await sendLink(link.id, { customer_phone: PHONE }, a.owner);
    expect([disabled.status, disabled.body.error.code]).toEqual([409, "SMS_USE_DISABLED"]);
    expect(await messagesOf(link.id)).toEqual([]);

    // A finance member may send (the commerce permission).
    await setDisabledSmsUses(db(), a.merchantId, []);
    expect((await sendLink(link.id, { customer_phone: PHONE }, await a.member("finance"))).status).toBe(200);
  });
});
