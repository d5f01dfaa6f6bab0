import path from "node:path";

/**
 * Text-message settings, read from the environment in this one place (docs/configuration.md):
 * - `SMS_URL`: the SMPP 3.4 gateway, `smpp://system_id:password@host:2775`, or `smpps://…`
 *   (TLS from the first byte, for gateways that offer it);
 * - `SMS_SENDER`: the sender id handsets show (alphanumeric ≤ 11 characters, or a number).
 * Without a gateway, messages go to the dev outbox (`<CAURI_DATA_DIR>/sms/*.json`) outside
 * production; in production they wait in the outbox, unsent, until one is configured (as mail does).
 */

export const DEFAULT_SMS_SENDER = "Cauri";

export type SmppOptions = { host: string; port: number; tls: boolean; systemId: string; password: string };

export type SmsDelivery = { kind: "smpp"; smpp: SmppOptions } | { kind: "dev-outbox"; dir: string } | { kind: "unconfigured" };

export type SmsSettings = { sender: string; delivery: SmsDelivery };

type Env = Record<string, string | undefined>;

export function smsDevOutboxDir(env: Env = process.env): string {
  // turbopackIgnore: a runtime path, not a file for the build to trace.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.CAURI_DATA_DIR ?? ".data", "sms");
}

/** Reads `SMS_URL`; a malformed one stops the process at start rather than losing messages later. */
export function smppOptions(raw: string): SmppOptions {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("SMS_URL must look like smpp://system_id:password@host:2775 (or smpps:// for TLS).");
  }
  const tls = url.protocol === "smpps:" || url.protocol === "ssmpp:";
  if (!tls && url.protocol !== "smpp:") throw new Error(`SMS_URL must start with smpp:// or smpps://, not ${url.protocol}//.`);
  if (!url.hostname) throw new Error("SMS_URL names no host.");
  if (!url.username) throw new Error("SMS_URL names no system_id (smpp://system_id:password@host:port).");
  const port = url.port ? Number(url.port) : tls ? 3550 : 2775;
  return { host: url.hostname, port, tls, systemId: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

export function smsSettings(env: Env = process.env): SmsSettings {
  const sender = env.SMS_SENDER?.trim() || DEFAULT_SMS_SENDER;
  const url = env.SMS_URL?.trim();
  if (url) return { sender, delivery: { kind: "smpp", smpp: smppOptions(url) } };
  if (env.NODE_ENV === "production") return { sender, delivery: { kind: "unconfigured" } };
  return { sender, delivery: { kind: "dev-outbox", dir: smsDevOutboxDir(env) } };
}
