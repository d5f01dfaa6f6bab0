import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import smpp from "smpp";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { smsOptOuts, type Mode } from "@/db/schema";
import { TestSmppServer } from "@/tests/support/smpp-server";
import { newMerchant } from "@/tests/support/merchant";
import { smppOptions } from "./config";
import { handleInboundSms, isStopRequest, senderNumber } from "./inbound";
import { enqueueSms } from "./outbox";
import { smsPolicy } from "./policy";
import { SmppGateway } from "./smpp-gateway";
import { closeSmsGateways, smsTransport } from "./transport";

const DAY = 86_400_000;
let server: TestSmppServer | null = null;

afterEach(async () => {
  closeSmsGateways();
  await server?.stop();
  server = null;
});

/** A Mali number no other test texts (the PostgreSQL test database keeps earlier runs' rows). */
const freshPhone = () => `+22379${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

let seq = 0;
/** A message this merchant wrote to the number, `daysAgo` days back. */
async function texted(merchantId: string, to: string, mode: Mode = "live", daysAgo = 0) {
  await enqueueSms(
    db(),
    { merchantId, mode, to, locale: "fr", template: "test", params: { merchant: "Boutique" }, dedupeKey: `inbound-test:${process.pid}:${++seq}:${Date.now()}` },
    smsPolicy({ SMS_QUIET_HOURS: "off" }),
    new Date(Date.now() - daysAgo * DAY),
  );
}

const optedOutMerchants = async (phone: string) => (await db().select({ merchantId: smsOptOuts.merchantId }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).map((r) => r.merchantId).sort();

/** The process's gateway session, as the sms-delivery job opens it: bound by sending a message. */
async function boundGateway() {
  server = await new TestSmppServer().start();
  const transport = smsTransport({ kind: "smpp", smpp: smppOptions(server.url) }, () => db(), 2_000)!;
  await transport.send({ id: "sms_inbound_test", from: "Cauri", to: "+22370000001", text: "Bonjour" });
  return server;
}

describe("STOP replies", () => {
  it("are the word alone, in any case, with or without accent and punctuation", () => {
    for (const text of ["STOP", "stop", " Stop. ", "STOP!", "ARRET", "arret", "Arrêt", "ARRÊT", "STOP SMS", "stop sms", "Stop-SMS", "arrêt sms"]) expect([text, isStopRequest(text)]).toEqual([text, true]);
    for (const text of ["", "Bonjour", "stop please", "STOPPER", "ne pas arreter", "STOP STOP", "S T O P"]) expect([text, isStopRequest(text)]).toEqual([text, false]);
  });

  it("name the sender in E.164: an international address gets its +, a national one is a Mali number, a name is no number", () => {
    expect(senderNumber({ from: "22376554433", fromTon: 1 })).toBe("+22376554433");
    expect(senderNumber({ from: "+22376554433", fromTon: 1 })).toBe("+22376554433");
    expect(senderNumber({ from: "76554433", fromTon: 2 })).toBe("+22376554433");
    expect(senderNumber({ from: "0022376554433", fromTon: 0 })).toBe("+22376554433");
    expect(senderNumber({ from: "Orange", fromTon: 5 })).toBeNull();
    expect(senderNumber({ from: "12", fromTon: 1 })).toBeNull();
  });
});

describe("a STOP from the gateway (a real SMPP server)", () => {
  it("opts the number out of every merchant that texted it live in the last 30 days, before the gateway is acknowledged", async () => {
    const phone = freshPhone();
    const [a, b, old, sandbox, other] = await Promise.all([newMerchant(), newMerchant(), newMerchant(), newMerchant(), newMerchant()]);
    await texted(a.merchant.id, phone);
    await texted(b.merchant.id, phone, "live", 29);
    await texted(old.merchant.id, phone, "live", 31);
    // Test mode never reaches a phone: it cannot be what the customer answers.
    await texted(sandbox.merchant.id, phone, "test");
    await texted(other.merchant.id, freshPhone());

    const gateway = await boundGateway();
    const ack = await gateway.sendMessage({ from: phone.slice(1), text: "STOP" });
    expect(ack.command_status).toBe(smpp.ESME_ROK);
    expect(await optedOutMerchants(phone)).toEqual([a.merchant.id, b.merchant.id].sort());

    // From now on the merchant's messages to the number are kept, not sent.
    const next = await enqueueSms(db(), { merchantId: a.merchant.id, mode: "live", to: phone, locale: "fr", template: "test", params: { merchant: "Boutique" }, dedupeKey: `inbound-test:after:${phone}` });
    expect(next).toMatchObject({ status: "SUPPRESSED", reason: "opted_out" });

    // Said again (or delivered again by the gateway): nothing more, nothing fails.
    expect((await gateway.sendMessage({ from: phone.slice(1), text: "stop" })).command_status).toBe(smpp.ESME_ROK);
    expect(await optedOutMerchants(phone)).toEqual([a.merchant.id, b.merchant.id].sort());
  });

  it("reads ARRÊT in UCS-2 and a national address", async () => {
    const phone = freshPhone();
    const m = await newMerchant();
    await texted(m.merchant.id, phone);
    const gateway = await boundGateway();
    await gateway.sendMessage({ from: phone.slice(4), fromTon: 2, text: "Arrêt", dataCoding: smpp.ENCODING.UCS2 });
    expect(await optedOutMerchants(phone)).toEqual([m.merchant.id]);
  });

  it("acknowledges any other reply and records nothing", async () => {
    const phone = freshPhone();
    const m = await newMerchant();
    await texted(m.merchant.id, phone);
    const gateway = await boundGateway();
    expect((await gateway.sendMessage({ from: phone.slice(1), text: "Merci, c'est payé" })).command_status).toBe(smpp.ESME_ROK);
    expect(await optedOutMerchants(phone)).toEqual([]);
  });

  it("is not acknowledged when it could not be recorded, so the gateway delivers it again", async () => {
    server = await new TestSmppServer().start();
    const gateway = new SmppGateway({ ...smppOptions(server.url), timeoutMs: 2_000, onReceipt: async () => undefined, onInbound: () => Promise.reject(new Error("database down")) });
    try {
      await gateway.submit({ from: "Cauri", to: "+22370000001", text: "Bonjour" });
      const answered = await Promise.race([server.sendMessage({ from: "22376554433", text: "STOP" }).then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
      expect(answered).toBe(false);
    } finally {
      gateway.close();
    }
  });

  it("opts out no one when no merchant texted the number", async () => {
    const phone = freshPhone();
    expect(await handleInboundSms(db(), { from: phone.slice(1), fromTon: 1, to: "Cauri", text: "STOP" })).toEqual({ optedOut: [] });
    expect(await optedOutMerchants(phone)).toEqual([]);
  });
});
