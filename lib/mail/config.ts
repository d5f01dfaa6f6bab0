import path from "node:path";

/**
 * Mail settings, read from the environment in this one place (docs/configuration.md):
 * - `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`), or `SMTP_HOST` with `SMTP_PORT`
 *   (587; 465 means TLS from the first byte), `SMTP_USER` and `SMTP_PASSWORD`;
 * - `MAIL_FROM`, the sender of every message.
 * Without SMTP, mail goes to the dev outbox (`<CAURI_DATA_DIR>/mail/*.eml`) outside production;
 * in production it waits in the outbox table, unsent, until SMTP is configured.
 */

export const DEFAULT_MAIL_FROM = "Cauri <no-reply@localhost>";

export type SmtpOptions = {
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  auth?: { user: string; pass: string };
};

export type MailDelivery = { kind: "smtp"; smtp: SmtpOptions } | { kind: "dev-outbox"; dir: string } | { kind: "unconfigured" };

export type MailSettings = { from: string; delivery: MailDelivery };

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** `<CAURI_DATA_DIR>/mail`, where the dev outbox writes one .eml file per message. */
export function devOutboxDir(env: Env = process.env): string {
  // turbopackIgnore: a runtime path, not a file for the build to trace.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.CAURI_DATA_DIR ?? ".data", "mail");
}

function smtpOptions(env: Env): SmtpOptions | null {
  const url = nonEmpty(env.SMTP_URL);
  if (url) return { url };
  const host = nonEmpty(env.SMTP_HOST);
  if (!host) return null;
  const port = Number(nonEmpty(env.SMTP_PORT) ?? 587);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`SMTP_PORT must be a port number, got ${env.SMTP_PORT}`);
  const user = nonEmpty(env.SMTP_USER);
  return { host, port, secure: port === 465, auth: user ? { user, pass: env.SMTP_PASSWORD ?? "" } : undefined };
}

export function mailSettings(env: Env = process.env): MailSettings {
  const from = nonEmpty(env.MAIL_FROM) ?? DEFAULT_MAIL_FROM;
  const smtp = smtpOptions(env);
  if (smtp) return { from, delivery: { kind: "smtp", smtp } };
  if (env.NODE_ENV === "production") return { from, delivery: { kind: "unconfigured" } };
  return { from, delivery: { kind: "dev-outbox", dir: devOutboxDir(env) } };
}

/** The dev outbox and its page exist outside production only. */
export const devOutboxEnabled = (env: Env = process.env): boolean => env.NODE_ENV !== "production";
