import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { smsPolicy } from "@/lib/sms/policy";
import { sendDueSms } from "@/lib/sms/send-job";
import { closeSmsGateways } from "@/lib/sms/transport";
import { setDisabledSmsUses } from "@/lib/sms/uses";

const messagesTo = async (dedupeKey: string) => db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, dedupeKey));

afterEach(() => closeSmsGateways());

describe("the delivery code by text message", () => {
  it("goes to the buyer once the order is paid, with the buyer page's link, and leaves no code in the outbox once sent", async () => {
    const m = await soMerchant("Boutique Awa");
    const { order, code } = await paidOrder(m.testKey);
    const [queued] = await messagesTo(`delivery-code:${order.id}`);
    expect(queued).toMatchObject({ to: order.customer_phone, template: "delivery_code", urgent: true, status: "PENDING", encoding: "gsm7", segments: 1 });
    expect(queued.text).toBe(`Boutique Awa : code de livraison ${code}, a donner au livreur a la remise. ${order.buyer_url}`);
    await sendDueSms(db(), { policy: smsPolicy({ SMS_QUIET_HOURS: "off" }), settings: { sender: "Cauri", delivery: { kind: "dev-outbox", dir: `/tmp/cauri-sms-test-${process.pid}` } } });
    const [sent] = await messagesTo(`delivery-code:${order.id}`);
    expect(sent.status).toBe("SENT");
    expect(sent.text).not.toContain(code);
    expect(sent.text).toContain("code de livraison ••••••");
  });

  it("is not sent when the merchant turned this use off", async () => {
    const m = await soMerchant();
    await setDisabledSmsUses(db(), m.merchant.id, ["delivery_code"]);
    const { order } = await paidOrder(m.testKey);
    expect(await messagesTo(`delivery-code:${order.id}`)).toEqual([]);
  });
});
