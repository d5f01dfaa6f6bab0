import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { INVOICE, invoiceApi, openInvoice } from "@/app/v1/invoices/test-support";
import { smppOptions, type SmsSettings } from "@/lib/sms/config";
import { smsPolicy, type SmsPolicy } from "@/lib/sms/policy";
import { sendDueSms } from "@/lib/sms/send-job";
import { closeSmsGateways } from "@/lib/sms/transport";
import { newLiveMerchant } from "@/tests/support/merchant";
import { TestSmppServer } from "@/tests/support/smpp-server";

const policy: SmsPolicy = { ...smsPolicy({ SMS_QUIET_HOURS: "off" }), retryDelaysMs: [1, 1], timeoutMs: 1_000 };
let server: TestSmppServer;
const settings = (): SmsSettings => ({ sender: "Cauri", delivery: { kind: "smpp", smpp: smppOptions(server.url) } });

let quietHours: string | undefined;
beforeAll(() => {
  quietHours = process.env.SMS_QUIET_HOURS;
  process.env.SMS_QUIET_HOURS = "off";
});
afterAll(() => {
  process.env.SMS_QUIET_HOURS = quietHours;
});
beforeEach(async () => {
  server = await new TestSmppServer().start();
});
afterEach(async () => {
  closeSmsGateways();
  await server.stop();
});

describe("a live invoice by text message, through a real SMPP server", () => {
  it("reaches the gateway once, in one GSM-7 segment, even when the gateway was down at first", async () => {
    const m = await newLiveMerchant({ name: "Boutique Awa" });
    const { id, number, data } = await openInvoice(m.liveKey, { ...INVOICE, locale: "en" });
    const port = server.port;
    await server.stop();
    await invoiceApi(m.liveKey).send(id, { channels: ["sms"] });
    const [queued] = await db().select().from(smsOutbox).where(like(smsOutbox.dedupeKey, `invoice-send:${id}:%`));
    expect(await sendDueSms(db(), { settings: settings(), policy })).toMatchObject([{ id: queued.id, status: "PENDING", attempts: 1 }]);
    server.port = port;
    await server.start();
    await new Promise((r) => setTimeout(r, 5));
    expect(await sendDueSms(db(), { settings: settings(), policy })).toMatchObject([{ id: queued.id, status: "SENT", attempts: 2 }]);
    expect(await sendDueSms(db(), { settings: settings(), policy })).toEqual([]);
    const due = data.due_date as string;
    expect(server.received).toEqual([
      { messageId: "gw-1", from: "Cauri", to: "22376554433", dataCoding: 0, udh: null, text: `Boutique Awa: invoice ${number}, 20 000 FCFA, due ${due.slice(8, 10)}/${due.slice(5, 7)}. ${data.hosted_invoice_url}` },
    ]);
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, queued.id));
    expect(row).toMatchObject({ status: "SENT", segments: 1, encoding: "gsm7", gatewayMessageIds: ["gw-1"] });
  });
});
