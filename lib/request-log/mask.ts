import { maskPhone } from "@/lib/log";

/**
 * What the request log may show of a /v1 body: everything but what would let a reader act as
 * the merchant or its customers. The one place these rules live; the request log stores only
 * what `maskedBodyText` returns.
 *
 * - API keys (`sk_test_…`, `sk_live_…`) anywhere in a string: the developers page's form, `sk_test_AbCd…wxyz`;
 * - webhook signing secrets (`whsec_…`) anywhere in a string: `whsec_••••••`;
 * - fields that hold a secret (passwords, secrets, delivery codes, one-time codes, Authorization): `••••••`,
 *   and a `code` field holding 4 to 8 digits (the delivery code of confirm-delivery and the sandbox);
 * - tokens (`token`, `…_token`): their prefix and last 4 characters, `opr_…wxyz`;
 * - phone numbers: fields named for a phone and any international number (`+223…`) in a string, as maskPhone shows them.
 */

export const MASK = "••••••";

/** Bodies are kept up to this many bytes of their pretty-printed JSON. */
export const MAX_BODY_BYTES = 8 * 1024;

/** Ends a body cut at MAX_BODY_BYTES, so a reader knows the rest was not kept. */
export const TRUNCATION_MARK = "\n…";

const SECRET_FIELDS = /^(password|new_password|current_password|passcode|pin|secret|client_secret|signing_secret|webhook_secret|delivery_code|otp|totp|totp_code|recovery_code|recovery_codes|authorization|api_key|secret_key)$|_(password|secret)$/;
const TOKEN_FIELDS = /^(token|.+_token)$/;
const PHONE_FIELDS = /(^|_)(phone|phone_number|msisdn)$|^to$/;
const DIGIT_CODE = /^\d{4,8}$/;

const API_KEY = /\bsk_(test|live)_[A-Za-z0-9]+/g;
const SIGNING_SECRET = /\bwhsec_[A-Za-z0-9+/=]+/g;
const PHONE = /\+\d{8,15}\b/g;

const maskApiKey = (key: string) => `${key.slice(0, 12)}…${key.slice(-4)}`;

function maskToken(token: string): string {
  const prefix = /^[a-z]+_/i.exec(token)?.[0] ?? "";
  return token.length - prefix.length >= 12 ? `${prefix}…${token.slice(-4)}` : MASK;
}

/** A string with every API key, signing secret and international phone number in it masked. */
export function maskText(text: string): string {
  return text.replace(API_KEY, maskApiKey).replace(SIGNING_SECRET, `whsec_${MASK}`).replace(PHONE, (phone) => maskPhone(phone)!);
}

/** How one field is shown: `undefined` means "as it is, masked inside if it is text". */
function maskField(field: string, value: unknown): string | undefined {
  const name = field.toLowerCase();
  if (value === null || value === undefined) return undefined;
  if (SECRET_FIELDS.test(name)) return MASK;
  if (name === "code" && (typeof value === "string" || typeof value === "number") && DIGIT_CODE.test(String(value))) return MASK;
  if (TOKEN_FIELDS.test(name)) return typeof value === "string" ? maskToken(value) : MASK;
  if (PHONE_FIELDS.test(name) && (typeof value === "string" || typeof value === "number")) return maskPhone(String(value))!;
  return undefined;
}

/** Accumulates output up to a byte budget; past it, nothing more is taken. */
class Budget {
  private parts: string[] = [];
  private bytes = 0;
  full = false;
  constructor(private readonly max: number) {}

  push(piece: string): void {
    if (this.full) return;
    const size = Buffer.byteLength(piece);
    if (this.bytes + size <= this.max) {
      this.parts.push(piece);
      this.bytes += size;
      return;
    }
    // The part that fits, without a character cut in half.
    const fit = Buffer.from(piece).subarray(0, this.max - this.bytes).toString("utf8").replace(/\uFFFD+$/, "");
    this.parts.push(fit);
    this.full = true;
  }

  text(): string {
    return this.parts.join("");
  }
}

const MAX_DEPTH = 32;

function write(value: unknown, out: Budget, indent: string, depth: number): void {
  if (out.full) return;
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") value = (value as { toJSON: () => unknown }).toJSON();
  if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") return out.push("null");
  if (typeof value === "string") return out.push(JSON.stringify(maskText(value)));
  if (typeof value === "number") return out.push(Number.isFinite(value) ? String(value) : "null");
  if (typeof value === "boolean") return out.push(String(value));
  if (typeof value === "bigint") return out.push(String(value));
  if (depth >= MAX_DEPTH) return out.push(JSON.stringify("…"));
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return out.push("[]");
    out.push("[");
    value.forEach((item, i) => {
      out.push(`${i ? "," : ""}\n${inner}`);
      write(item, out, inner, depth + 1);
    });
    return out.push(`\n${indent}]`);
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol");
  if (entries.length === 0) return out.push("{}");
  out.push("{");
  entries.forEach(([field, item], i) => {
    out.push(`${i ? "," : ""}\n${inner}${JSON.stringify(field)}: `);
    const masked = maskField(field, item);
    if (masked === undefined) write(item, out, inner, depth + 1);
    else out.push(JSON.stringify(masked));
  });
  out.push(`\n${indent}}`);
}

/**
 * A JSON body as the request log keeps it: pretty-printed with every secret masked, and cut at
 * `maxBytes` (ending with TRUNCATION_MARK) without building more than that. Null for no body.
 */
export function maskedBodyText(body: unknown, maxBytes = MAX_BODY_BYTES): string | null {
  if (body === undefined || body === null) return null;
  const out = new Budget(maxBytes);
  write(body, out, "", 0);
  return out.full ? out.text() + TRUNCATION_MARK : out.text();
}
