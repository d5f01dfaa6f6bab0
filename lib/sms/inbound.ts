import { and, eq, gte, isNotNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { maskPhone } from "@/lib/format/phone";
import { log } from "@/lib/log";
import { parsePhone } from "@/lib/phone/parse";
import { optOutOfSms } from "./outbox";
import type { InboundSms } from "./smpp-gateway";

/** What a customer replies to stop our messages, once accents, case and punctuation are set aside. */
const STOP_WORDS = new Set(["STOP", "ARRET", "STOP SMS", "ARRET SMS"]);

/** How far back a merchant's message makes a STOP its own: a reply comes soon after the message it answers. */
export const STOP_WINDOW_DAYS = 30;

/** "STOP", "stop", "Arrêt.", "STOP SMS", "stop-sms": the whole reply is the word, nothing more. */
export function isStopRequest(text: string): boolean {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return STOP_WORDS.has(words);
}

// type_of_number of the source address (SMPP 3.4, 5.2.5): 1 international, 2 national, 5 alphanumeric.
const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;

/** The sender in E.164 (lib/phone): an international address gets its +, a national one is read as a Mali number; null for a name or anything else. */
export function senderNumber(message: Pick<InboundSms, "from" | "fromTon">): string | null {
  if (message.fromTon === TON_ALPHANUMERIC) return null;
  const digits = message.from.trim();
  const parsed = parsePhone(message.fromTon === TON_INTERNATIONAL && !digits.startsWith("+") ? `+${digits}` : digits);
  return parsed.ok ? parsed.e164 : null;
}

/**
 * A message a phone sent to our sender, handed over by the gateway (lib/sms/smpp-gateway.ts). A
 * STOP opts the number out of every merchant that texted it live in the last 30 days: the sender
 * is shared by all merchants, so the reply cannot say which one it means, and a customer who
 * says stop expects silence. Test-mode messages never reach a phone, so they name no merchant.
 * Nothing else is recorded (not the text, not a reply that is not a STOP), and logs carry the
 * number masked. Runs before the gateway is acknowledged: a failure here leaves the message for
 * the gateway to deliver again, and a STOP handled twice changes nothing.
 */
export async function handleInboundSms(db: Database, message: InboundSms, now: Date = systemNow()): Promise<{ optedOut: string[] }> {
  if (!isStopRequest(message.text)) {
    log("info", "sms reply ignored: not a STOP", { from: maskPhone(senderNumber(message) ?? "") });
    return { optedOut: [] };
  }
  const phone = senderNumber(message);
  if (!phone) {
    log("warn", "sms STOP from an address that is not a phone number", { ton: message.fromTon });
    return { optedOut: [] };
  }
  const since = new Date(now.getTime() - STOP_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .selectDistinct({ merchantId: smsOutbox.merchantId })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.to, phone), eq(smsOutbox.mode, "live"), gte(smsOutbox.createdAt, since), isNotNull(smsOutbox.merchantId)));
  const merchantIds = rows.map((r) => r.merchantId!).sort();
  for (const merchantId of merchantIds) await optOutOfSms(db, merchantId, phone);
  log("info", "sms STOP: number opted out", { from: maskPhone(phone), merchants: merchantIds.length });
  return { optedOut: merchantIds };
}
