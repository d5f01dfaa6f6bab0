import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@/db/client";
import type { SmsDelivery } from "./config";
import type { SmsEncoding } from "./encoding";
import { handleInboundSms } from "./inbound";
import { recordReceipt } from "./receipts";
import { SmppGateway } from "./smpp-gateway";

export type OutgoingSms = { id: string; from: string; to: string; text: string };
export type SmsTransport = { kind: "smpp" | "dev-outbox"; send: (sms: OutgoingSms) => Promise<{ messageIds: string[] }> };

// One gateway session per process and configuration, kept between passes: receipts and replies (STOP) arrive on it at any time.
const globalRef = globalThis as unknown as { __cauriSmppGateways?: Map<string, SmppGateway> };
const gateways = (globalRef.__cauriSmppGateways ??= new Map());

/** The transport of a configured delivery; null when there is none (production without SMS_URL). */
export function smsTransport(delivery: SmsDelivery, getDb: () => Database, timeoutMs: number): SmsTransport | null {
  if (delivery.kind === "smpp") {
    const key = JSON.stringify(delivery.smpp);
    let gateway = gateways.get(key);
    if (!gateway) {
      gateway = new SmppGateway({
        ...delivery.smpp,
        timeoutMs,
        onReceipt: async (receipt) => void (await recordReceipt(getDb(), receipt)),
        onInbound: async (message) => void (await handleInboundSms(getDb(), message)),
      });
      gateways.set(key, gateway);
    }
    const bound = gateway;
    return { kind: "smpp", send: async (sms) => ({ messageIds: (await bound.submit(sms)).messageIds }) };
  }
  if (delivery.kind === "dev-outbox") return { kind: "dev-outbox", send: async (sms) => ({ messageIds: [`dev-${await writeDevSms(delivery.dir, sms)}`] }) };
  return null;
}

/** Closes the process's gateway sessions (tests, shutdown). */
export function closeSmsGateways(): void {
  for (const gateway of gateways.values()) gateway.close();
  gateways.clear();
}

export type DevSms = OutgoingSms & { file: string; at: string; encoding?: SmsEncoding };

/** The dev outbox: one JSON file per message in `<CAURI_DATA_DIR>/sms`, written aside then renamed. */
async function writeDevSms(dir: string, sms: OutgoingSms): Promise<string> {
  await mkdir(dir, { recursive: true });
  const at = new Date().toISOString();
  const name = `${at.replace(/[:.]/g, "-")}-${sms.id}.json`;
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(temp, JSON.stringify({ ...sms, at }, null, 2));
  await rename(temp, path.join(dir, name));
  return name;
}

/** The dev outbox's messages, newest first (at most `limit`). */
export async function listDevSms(dir: string, limit = 50): Promise<DevSms[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  names.sort().reverse();
  return Promise.all(names.slice(0, limit).map(async (file) => ({ ...(JSON.parse(await readFile(path.join(dir, file), "utf8")) as OutgoingSms & { at: string }), file })));
}
