import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { events, type EventPayload } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { EXPLAINED, input } from "@/lib/core/validation";
import { eventBody } from "./body";
import { findEndpoint } from "./endpoints";
import { openSecret } from "./secret";

/**
 * The signature debugger: given a body and the headers a merchant's server received, says whether
 * the signature is valid and, when it is not, why — without ever answering a signature or a
 * secret. HMACs cannot tell "the body changed" from "another secret signed it", so the diagnosis
 * says which it is only when it knows: the event's stored body (looked up by the id in the
 * headers) or the form of the body (we only send compact JSON) decides; otherwise it says both
 * are possible.
 */

/** Standard Webhooks' tolerance, both ways; the previous service's verifiers use the same. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SecretLabel = "current" | "previous" | "previous_expired" | "pasted";
export type Candidate = { secret: string; label: SecretLabel };
export type SchemeName = "standard_webhooks" | "service";

export type BodyDifference =
  | { kind: "empty" }
  | { kind: "not_json" }
  /** The same data in other bytes: whitespace, key order or escapes, as a framework that parsed and re-serialised the body makes. */
  | { kind: "formatting" }
  | { kind: "field"; path: string; change: "changed" | "added" | "missing" };

export type Verdict =
  | { verdict: "valid"; secret: SecretLabel }
  /** The signature matches, but a verifier refuses the time: `seconds` beyond or before now. */
  | { verdict: "timestamp_too_old" | "timestamp_in_future"; secret: SecretLabel; seconds: number }
  | { verdict: "headers_missing"; headers: string[] }
  | { verdict: "header_malformed"; header: string; problem: "not_integer" | "no_v1_signature" | "no_timestamp" }
  /** The headers name one event and the body is another's: body and headers come from two deliveries. */
  | { verdict: "id_mismatch"; header_id: string; body_id: string }
  /** `original_signature_matches`: whether the signature is right for the body we sent (null: we do not have it). */
  | { verdict: "body_changed"; difference: BodyDifference; original_signature_matches: boolean | null }
  /** The body is byte for byte what we sent and the signature matches none of the secrets tried. */
  | { verdict: "other_secret" }
  /** Well-formed, matching nothing, and nothing to tell a changed body from another secret. */
  | { verdict: "no_match" };

/** One scheme's diagnosis; `skew_seconds` is now minus its timestamp (positive: in the past), when it has one. */
export type SchemeDiagnosis = Verdict & { scheme: SchemeName; skew_seconds: number | null; event_found: boolean };

export type Diagnosis = Verdict & { object: "webhook_signature_diagnosis"; scheme: SchemeName | null; schemes: SchemeDiagnosis[] };

const STANDARD_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

/**
 * Header text as copied from a server log: `name: value` lines (curl's `> `/`< ` marks, quotes and
 * trailing commas tolerated), or a JSON object of them. Names are lower-cased; the last one wins.
 */
export function parseHeaderText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, value: string) => {
    const n = name.trim().replace(/^["']|["']$/g, "").toLowerCase();
    if (n) out[n] = value.trim().replace(/,$/, "").trim().replace(/^["']|["']$/g, "").trim();
  };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [name, value] of Object.entries(parsed)) if (typeof value === "string" || typeof value === "number") put(name, String(value));
      return out;
    }
  } catch {
    // Not JSON: header lines.
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s*[<>]\s+/, "");
    const colon = line.indexOf(":");
    if (colon > 0) put(line.slice(0, colon), line.slice(colon + 1));
  }
  return out;
}

const hmacEquals = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

const standardKey = (secret: string) => Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
const standardMac = (secret: string, id: string, t: string, body: string) => createHmac("sha256", standardKey(secret)).update(`${id}.${t}.${body}`).digest();
// Keyed with the whole `whsec_…` string, undecoded, as lib/webhooks/sign.ts signs it.
const serviceMac = (secret: string, t: string, body: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest();

/** What one scheme's headers carry once parsed: the id, the time, the signatures (as bytes) and how to sign a body. */
type Parsed = { id: string | null; t: string; signatures: Buffer[]; mac: (secret: string, body: string) => Buffer };

function parseStandard(h: Record<string, string>): Parsed | Verdict | null {
  const present = STANDARD_HEADERS.filter((n) => h[n]);
  if (present.length === 0) return null;
  if (present.length < STANDARD_HEADERS.length) return { verdict: "headers_missing", headers: STANDARD_HEADERS.filter((n) => !h[n]) };
  const id = h["webhook-id"];
  const t = h["webhook-timestamp"];
  if (!/^\d{1,12}$/.test(t)) return { verdict: "header_malformed", header: "webhook-timestamp", problem: "not_integer" };
  const signatures = h["webhook-signature"]
    .split(/\s+/)
    .map((s) => /^v1,([A-Za-z0-9+/]+={0,2})$/.exec(s)?.[1])
    .filter((s): s is string => s !== undefined)
    .map((s) => Buffer.from(s, "base64"))
    .filter((b) => b.length === 32);
  if (signatures.length === 0) return { verdict: "header_malformed", header: "webhook-signature", problem: "no_v1_signature" };
  return { id, t, signatures, mac: (secret, body) => standardMac(secret, id, t, body) };
}

function parseService(h: Record<string, string>): Parsed | Verdict | null {
  const header = h["x-service-signature"];
  if (!header) return h["x-service-event-id"] || h["x-service-timestamp"] ? { verdict: "headers_missing", headers: ["X-Service-Signature"] } : null;
  const parts = header.split(",").map((p) => p.trim());
  const t = parts.find((p) => p.startsWith("t="))?.slice(2);
  if (!t || !/^\d{1,12}$/.test(t)) return { verdict: "header_malformed", header: "X-Service-Signature", problem: "no_timestamp" };
  const signatures = parts
    .filter((p) => /^v1=[0-9a-fA-F]{64}$/.test(p))
    .map((p) => Buffer.from(p.slice(3), "hex"));
  if (signatures.length === 0) return { verdict: "header_malformed", header: "X-Service-Signature", problem: "no_v1_signature" };
  return { id: h["x-service-event-id"] || h["webhook-id"] || null, t, signatures, mac: (secret, body) => serviceMac(secret, t, body) };
}

/** Whether `body` is the compact JSON we would send for its data; nesting too deep to write again is not. */
function isCanonical(body: string, parsed: unknown): boolean {
  try {
    return JSON.stringify(parsed) === body;
  } catch {
    return false;
  }
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The first field (dotted path, arrays by index) where `pasted` and `sent` differ, or null when their data are equal. */
function firstDifference(pasted: unknown, sent: unknown, path = ""): BodyDifference | null {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(pasted) && Array.isArray(sent)) {
    for (let i = 0; i < Math.max(pasted.length, sent.length); i++) {
      if (i >= pasted.length) return { kind: "field", path: at(i), change: "missing" };
      if (i >= sent.length) return { kind: "field", path: at(i), change: "added" };
      const d = firstDifference(pasted[i], sent[i], at(i));
      if (d) return d;
    }
    return null;
  }
  if (isObject(pasted) && isObject(sent)) {
    for (const key of Object.keys(sent)) {
      if (!(key in pasted)) return { kind: "field", path: at(key), change: "missing" };
      const d = firstDifference(pasted[key], sent[key], at(key));
      if (d) return d;
    }
    const added = Object.keys(pasted).find((key) => !(key in sent));
    return added === undefined ? null : { kind: "field", path: at(added), change: "added" };
  }
  return Object.is(pasted, sent) ? null : { kind: "field", path: path || "(body)", change: "changed" };
}

/** How a body differs from the one we sent (which it is not byte for byte). */
function bodyDifference(body: string, sent: string): BodyDifference {
  if (body.trim() === "") return { kind: "empty" };
  const pasted = parseJson(body);
  if (!pasted.ok) return { kind: "not_json" };
  return firstDifference(pasted.value, JSON.parse(sent)) ?? { kind: "formatting" };
}

export type DiagnosisInput = {
  body: string;
  headers: Record<string, string>;
  /** The secrets to try, in order; the first that matches names the verdict. */
  candidates: Candidate[];
  now: Date;
  /** The bodies we sent, by event id, for the ids the headers name (those found for this application and mode). */
  sentBodies: Record<string, string>;
};

function diagnoseScheme(scheme: SchemeName, parsed: Parsed | Verdict | null, input: DiagnosisInput): SchemeDiagnosis | null {
  if (parsed === null) return null;
  if ("verdict" in parsed) return { scheme, ...parsed, skew_seconds: null, event_found: false };
  const skew = Math.floor(input.now.getTime() / 1000) - Number(parsed.t);
  const sent = parsed.id !== null ? input.sentBodies[parsed.id] : undefined;
  const base = { scheme, skew_seconds: skew, event_found: sent !== undefined };
  const matching = (body: string) => input.candidates.find((c) => parsed.signatures.some((s) => hmacEquals(parsed.mac(c.secret, body), s)));

  const match = matching(input.body);
  if (match) {
    if (skew > SIGNATURE_TOLERANCE_SECONDS) return { ...base, verdict: "timestamp_too_old", secret: match.label, seconds: skew };
    if (-skew > SIGNATURE_TOLERANCE_SECONDS) return { ...base, verdict: "timestamp_in_future", secret: match.label, seconds: -skew };
    return { ...base, verdict: "valid", secret: match.label };
  }

  const json = parseJson(input.body);
  const bodyId = json.ok && isObject(json.value) && typeof json.value.id === "string" ? json.value.id : null;
  if (parsed.id !== null && bodyId !== null && bodyId !== parsed.id) return { ...base, verdict: "id_mismatch", header_id: parsed.id, body_id: bodyId };

  if (sent !== undefined) {
    if (input.body === sent) return { ...base, verdict: "other_secret" };
    return { ...base, verdict: "body_changed", difference: bodyDifference(input.body, sent), original_signature_matches: matching(sent) !== undefined };
  }
  // Without the event, the body's own form can still prove a change: every body we send is compact JSON.
  if (input.body.trim() === "") return { ...base, verdict: "body_changed", difference: { kind: "empty" }, original_signature_matches: null };
  if (!json.ok) return { ...base, verdict: "body_changed", difference: { kind: "not_json" }, original_signature_matches: null };
  if (!isCanonical(input.body, json.value)) return { ...base, verdict: "body_changed", difference: { kind: "formatting" }, original_signature_matches: null };
  return { ...base, verdict: "no_match" };
}

/** A scheme's verdict alone, without what only the per-scheme list says. */
function verdictOf(s: SchemeDiagnosis): Verdict {
  const copy: Partial<SchemeDiagnosis> = { ...s };
  delete copy.scheme;
  delete copy.skew_seconds;
  delete copy.event_found;
  return copy as Verdict;
}

/** Pure: the diagnosis of one body and its headers against the secrets given, for each scheme present. */
export function diagnoseSignature(input: DiagnosisInput): Diagnosis {
  const schemes = [diagnoseScheme("standard_webhooks", parseStandard(input.headers), input), diagnoseScheme("service", parseService(input.headers), input)].filter(
    (s): s is SchemeDiagnosis => s !== null,
  );
  const chosen = schemes.find((s) => s.verdict === "valid") ?? schemes[0];
  if (!chosen) return { object: "webhook_signature_diagnosis", verdict: "headers_missing", headers: ["webhook-signature", "X-Service-Signature"], scheme: null, schemes };
  return { ...verdictOf(chosen), object: "webhook_signature_diagnosis", scheme: chosen.scheme, schemes };
}

/** The ids a set of headers names: where to look for the body we sent. */
export const headerEventIds = (h: Record<string, string>): string[] => [...new Set([h["webhook-id"], h["x-service-event-id"]].filter((v): v is string => !!v))];

const verifySchema = z
  .object({
    endpoint_id: z.string().min(1).max(64).optional().describe("One of this application's endpoints: its current secret, and its previous one during (or after) a roll, are tried."),
    secret: z
      .string()
      .max(200)
      .regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, "must be a signing secret as shown once by the dashboard: whsec_ followed by base64")
      .optional()
      .describe("A pasted signing secret (whsec_…), instead of endpoint_id. Never stored nor answered."),
    body: z.string().max(256 * 1024).describe("The request body exactly as the receiver got it."),
    headers: z.string().max(16 * 1024).describe("The received headers as text, one `name: value` a line (or a JSON object)."),
  })
  .superRefine((v, ctx) => {
    if ((v.endpoint_id === undefined) === (v.secret === undefined)) ctx.addIssue({ code: "custom", path: ["endpoint_id"], message: "or secret: give exactly one of them", params: { [EXPLAINED]: true } });
  })
  .meta({ id: "WebhookSignatureCheck" });

export const VerifySignatureInput = input(verifySchema);
export type VerifySignatureValues = z.output<typeof verifySchema>;

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

/**
 * The debugger's question for this application and mode: the endpoint's secrets (or the pasted
 * one) and the bodies we sent for the event ids the headers name. Time is real time, as the
 * signatures' timestamps are, not the sandbox clock.
 */
export async function verifyWebhookSignature(ctx: Scoped, values: VerifySignatureValues, now: Date = systemNow()): Promise<Diagnosis> {
  const candidates: Candidate[] = [];
  if (values.endpoint_id !== undefined) {
    const endpoint = await findEndpoint(ctx, values.endpoint_id);
    candidates.push({ secret: openSecret(endpoint.id, endpoint.secretCiphertext), label: "current" });
    if (endpoint.previousSecretCiphertext) {
      const live = endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now;
      candidates.push({ secret: openSecret(endpoint.id, endpoint.previousSecretCiphertext), label: live ? "previous" : "previous_expired" });
    }
  } else {
    candidates.push({ secret: values.secret!, label: "pasted" });
  }
  const headers = parseHeaderText(values.headers);
  const ids = headerEventIds(headers);
  const rows = ids.length
    ? await ctx.db
        .select({ id: events.id, payload: events.payload })
        .from(events)
        .where(and(eq(events.merchantId, ctx.merchant.id), eq(events.applicationId, ctx.application.id), eq(events.mode, ctx.mode), inArray(events.id, ids)))
    : [];
  const sentBodies = Object.fromEntries(rows.map((r) => [r.id, eventBody(r.payload as EventPayload)]));
  return diagnoseSignature({ body: values.body, headers, candidates, now, sentBodies });
}
