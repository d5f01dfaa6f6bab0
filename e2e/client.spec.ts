import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createResponseValidator } from "../lib/http/openapi/validate";
import type { OpenApiDocument } from "../lib/http/openapi/types";
import { CauriClient, CauriError, verifyWebhook, WebhookVerificationError } from "../packages/client/src/index";
import { createMerchant } from "./support/merchant";

// The typed client (packages/client) against the real, running app: real HTTP, real database.

const paymentBody = (phone: string, amount = 100_000) => ({
  amount,
  payment_method: "OPERATOR_MONEY" as const,
  customer_phone: phone,
  return_url: "https://shop.example/merci",
  client_reference: `order-${randomUUID().slice(0, 8)}`,
});

test.describe("@cauri/client against the running app", () => {
  test("creates a payment, lists payments and requests a withdrawal", async ({ baseURL }) => {
    const merchant = await createMerchant({ kyc: "approved" });
    const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });

    const payment = await cauri.payments.create(paymentBody("+22376000000"));
    expect(payment).toMatchObject({ status: "PENDING", amount: 100_000, currency: "XOF" });
    expect(payment.id).toMatch(/^txn_/);

    const list = await cauri.payments.list({ limit: 10 });
    expect(list.payments.map((p) => p.id)).toContain(payment.id);

    // Money to withdraw: settle the simulated payment as the operator would.
    const settled = await cauri.sandbox.simulatePayment(payment.id, "SUCCESS");
    expect(settled.status).toBe("SUCCESS");
    expect((await cauri.payments.retrieve(payment.id)).status).toBe("SUCCESS");

    const key = randomUUID();
    const withdrawal = await cauri.withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" }, { idempotencyKey: key });
    expect(withdrawal).toMatchObject({ status: "PENDING", amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" });
    // The same key again is the same withdrawal, not a second one.
    const replay = await cauri.withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" }, { idempotencyKey: key });
    expect(replay.id).toBe(withdrawal.id);
    const listed = await cauri.withdrawals.list();
    expect(listed.withdrawals.filter((w) => w.id === withdrawal.id)).toHaveLength(1);

    const tooMuch = await cauri.withdrawals.create({ amount: 5_000_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" }).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(CauriError);
    expect(tooMuch).toMatchObject({ status: 400, code: "INSUFFICIENT_BALANCE" });
  });

  test("pays onsite with a one-time code (OPR, sandbox)", async ({ baseURL }) => {
    const merchant = await createMerchant();
    const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });
    const request = await cauri.opr.create({ amount: 2_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000004" });
    expect(request).toMatchObject({ status: "PENDING", attempts_remaining: 3 });
    const { otp } = await cauri.sandbox.oprOtp(request.token);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, "0");
    await expect(cauri.opr.charge(request.token, wrong)).rejects.toMatchObject({ status: 400, code: "OTP_INCORRECT", param: "otp" });
    const charged = await cauri.opr.charge(request.token, otp);
    expect(charged).toMatchObject({ status: "COMPLETED", attempts_remaining: 2, payment: { id: request.payment_id, status: "SUCCESS" } });
    expect((await cauri.payments.retrieve(request.payment_id)).status).toBe("SUCCESS");

    // Sandbox only: a live key that passes every gate is still refused.
    const liveMerchant = await createMerchant({ kyc: "approved", flags: { production: "on", "platform-plan": "pro" } });
    const live = new CauriClient({ apiKey: liveMerchant.live_key, baseUrl: baseURL! });
    await expect(live.opr.create({ amount: 2_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000004" })).rejects.toMatchObject({ status: 403, code: "TEST_MODE_ONLY" });
  });

  test("bills with an invoice: draft, finalize, send, list, void", async ({ baseURL }) => {
    const merchant = await createMerchant();
    const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });
    const draft = await cauri.invoices.create({ customer_phone: "76 55 44 33", lines: [{ description: "Tissu wax", quantity: 2, unit_amount: 7_500 }] });
    expect(draft).toMatchObject({ status: "DRAFT", total: 15_000, number: null });
    const open = await cauri.invoices.finalize(draft.id);
    expect(open.number).toMatch(/^FAC-\d{4}-0001$/);
    const sent = await cauri.invoices.send(draft.id, { channels: ["whatsapp"] });
    expect(sent.delivery.whatsapp_url).toMatch(/^https:\/\/wa\.me\/22376554433\?text=/);
    expect((await cauri.invoices.list({ status: "OPEN" })).map((i) => i.id)).toContain(draft.id);
    expect((await cauri.invoices.void(draft.id, "Erreur")).status).toBe("VOID");
    expect((await cauri.invoices.timeline(draft.id)).map((t) => t.kind)).toEqual(["created", "finalized", "sent", "voided"]);
    await expect(cauri.invoices.send(draft.id, { channels: ["sms"] })).rejects.toMatchObject({ status: 409, code: "INVOICE_VOIDED" });
  });

  test("turns the app's errors into typed CauriErrors", async ({ baseURL }) => {
    const merchant = await createMerchant();
    const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });
    const error = await cauri.payments.create({ ...paymentBody("+22370000001"), amount: 99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CauriError);
    expect(error).toMatchObject({ status: 400, code: "INVALID_AMOUNT", param: "amount" });
    expect((error as CauriError).requestId).toBeTruthy();

    const revoked = new CauriClient({ apiKey: `sk_test_${"A".repeat(32)}`, baseUrl: baseURL! });
    await expect(revoked.payments.list()).rejects.toMatchObject({ status: 401, code: "INVALID_API_KEY" });
  });

  test("the served document describes what the app answers", async ({ baseURL, request }) => {
    const document = (await (await request.get("/v1/openapi.json")).json()) as OpenApiDocument;
    const check = createResponseValidator(document);
    const merchant = await createMerchant();
    const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });
    const created = await cauri.api.POST("/v1/payments", { body: paymentBody("+22376000002") });
    expect(created.response.status).toBe(201);
    expect(check("POST", "/v1/payments", created.response.status, created.data ?? created.error)).toMatchObject({ ok: true });
    const listed = await cauri.api.GET("/v1/payments", { params: { query: { limit: 5 } } });
    expect(check("GET", "/v1/payments", listed.response.status, listed.data ?? listed.error)).toMatchObject({ ok: true });
    const missing = await cauri.api.GET("/v1/payments/{id}", { params: { path: { id: "txn_nope" } } });
    expect(check("GET", "/v1/payments/txn_nope", missing.response.status, missing.error)).toMatchObject({ ok: true });
  });

  test("verifies a real webhook delivery from the raw body", async ({ baseURL }) => {
    // The merchant's server: a receiver on this machine that keeps the exact bytes it got.
    const received: { body: string; headers: IncomingHttpHeaders }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        received.push({ body, headers: req.headers });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      const merchant = await createMerchant();
      const cauri = new CauriClient({ apiKey: merchant.test_key, baseUrl: baseURL! });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/cauri`;
      const endpoint = await cauri.api.POST("/v1/webhooks/endpoints", { body: { url, enabled_events: ["payment.success"] } });
      const refused = (endpoint.error as { error?: { code?: string } } | undefined)?.error?.code;
      expect(refused, "the app under test must allow private webhook targets (WEBHOOK_ALLOW_PRIVATE_TARGETS=true) so deliveries reach this test's receiver on 127.0.0.1").toBeUndefined();
      const secret = endpoint.data!.data.secret;

      const payment = await cauri.payments.create(paymentBody("+22376000003"));
      await cauri.sandbox.simulatePayment(payment.id, "SUCCESS");
      await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);

      const delivery = received[0];
      const event = verifyWebhook<{ id: string; status: string }>({ payload: delivery.body, headers: delivery.headers, secret });
      expect(event).toMatchObject({ type: "payment.success", event: "payment.success", version: "v1", livemode: false, data: { id: payment.id, status: "SUCCESS" } });
      expect(event.id).toBe(delivery.headers["webhook-id"]);

      // The usual mistake, explained: the body parsed before verification.
      let mistake: unknown;
      try {
        verifyWebhook({ payload: JSON.parse(delivery.body), headers: delivery.headers, secret });
      } catch (error) {
        mistake = error;
      }
      expect(mistake).toBeInstanceOf(WebhookVerificationError);
      expect((mistake as WebhookVerificationError).reason).toBe("PAYLOAD_NOT_RAW");
      // A forged body does not pass.
      expect(() => verifyWebhook({ payload: delivery.body.replace('"SUCCESS"', '"FAILED"'), headers: delivery.headers, secret })).toThrow(WebhookVerificationError);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
