import { describe, expect, it } from "vitest";
import { newSigningSecret } from "./secret";
import { signatureHeaders } from "./sign";
import { diagnoseSignature, parseHeaderText, SIGNATURE_TOLERANCE_SECONDS, type Candidate, type DiagnosisInput } from "./signature-diagnosis";

const current = newSigningSecret();
const previous = newSigningSecret();
const stranger = newSigningSecret();
const NOW = new Date("2025-06-01T12:00:00Z");
const EVENT = "evt_0001";
const body = JSON.stringify({ id: EVENT, type: "payment.success", event: "payment.success", data: { id: "txn_1", amount: 1500, metadata: { order: "A-1" } } });

/** Header text as a server log prints it. */
const asText = (h: Record<string, string>) =>
  Object.entries(h)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
const signed = (secrets: string[], at = NOW, b = body, id = EVENT) => parseHeaderText(asText(signatureHeaders(id, b, secrets, at)));
const only = (h: Record<string, string>, names: string[]) => Object.fromEntries(Object.entries(h).filter(([n]) => names.includes(n)));
const STANDARD = ["webhook-id", "webhook-timestamp", "webhook-signature"];
const SERVICE = ["x-service-signature", "x-service-event-id", "x-service-timestamp"];

const endpointSecrets: Candidate[] = [
  { secret: current, label: "current" },
  { secret: previous, label: "previous" },
];
const run = (over: Partial<DiagnosisInput>) => diagnoseSignature({ body, headers: signed([current]), candidates: endpointSecrets, now: NOW, sentBodies: {}, ...over });

describe("parseHeaderText", () => {
  it("reads log lines (curl marks, quotes, trailing commas, any case) and JSON objects", () => {
    expect(parseHeaderText('> Webhook-Id: evt_1\r\n< "webhook-timestamp": "17",\nnoise without colon\n')).toEqual({ "webhook-id": "evt_1", "webhook-timestamp": "17" });
    expect(parseHeaderText('{"X-Service-Signature":"t=1,v1=ab","webhook-timestamp":17}')).toEqual({ "x-service-signature": "t=1,v1=ab", "webhook-timestamp": "17" });
  });
});

describe("diagnoseSignature: valid", () => {
  it("a real delivery's headers: valid in both schemes with the current secret", () => {
    const d = run({});
    expect(d).toMatchObject({ object: "webhook_signature_diagnosis", verdict: "valid", secret: "current", scheme: "standard_webhooks" });
    expect(d.schemes.map((s) => [s.scheme, s.verdict])).toEqual([
      ["standard_webhooks", "valid"],
      ["service", "valid"],
    ]);
  });

  it("during a roll a delivery carries both signatures; one signed by the previous secret alone is valid with 'previous'", () => {
    expect(run({ headers: signed([current, previous]) })).toMatchObject({ verdict: "valid", secret: "current" });
    expect(run({ headers: signed([previous]) })).toMatchObject({ verdict: "valid", secret: "previous" });
    const expired = run({ headers: signed([previous]), candidates: [endpointSecrets[0], { secret: previous, label: "previous_expired" }] });
    expect(expired).toMatchObject({ verdict: "valid", secret: "previous_expired" });
  });

  it("each scheme alone, and a pasted secret", () => {
    const h = signed([current]);
    expect(run({ headers: only(h, STANDARD) })).toMatchObject({ verdict: "valid", scheme: "standard_webhooks", schemes: [{ scheme: "standard_webhooks" }] });
    expect(run({ headers: only(h, SERVICE) })).toMatchObject({ verdict: "valid", scheme: "service", schemes: [{ scheme: "service" }] });
    expect(run({ candidates: [{ secret: current, label: "pasted" }] })).toMatchObject({ verdict: "valid", secret: "pasted" });
  });

  it("tolerance: 5 minutes either way is still valid, one second more is not, and says by how much", () => {
    const t = SIGNATURE_TOLERANCE_SECONDS;
    expect(run({ headers: signed([current], new Date(NOW.getTime() - t * 1000)) })).toMatchObject({ verdict: "valid" });
    expect(run({ headers: signed([current], new Date(NOW.getTime() + t * 1000)) })).toMatchObject({ verdict: "valid" });
    expect(run({ headers: signed([current], new Date(NOW.getTime() - (t + 1) * 1000)) })).toMatchObject({ verdict: "timestamp_too_old", secret: "current", seconds: t + 1 });
    expect(run({ headers: signed([current], new Date(NOW.getTime() + (t + 1) * 1000)) })).toMatchObject({ verdict: "timestamp_in_future", secret: "current", seconds: t + 1 });
    const hours = run({ headers: signed([current], new Date(NOW.getTime() - 3 * 3_600_000)) });
    expect(hours).toMatchObject({ verdict: "timestamp_too_old", seconds: 3 * 3600 });
    expect(hours.schemes.map((s) => s.skew_seconds)).toEqual([10_800, 10_800]);
  });
});

describe("diagnoseSignature: missing and malformed headers", () => {
  it("no signature header at all names both schemes' headers", () => {
    expect(run({ headers: { "content-type": "application/json" } })).toMatchObject({ verdict: "headers_missing", headers: ["webhook-signature", "X-Service-Signature"], scheme: null, schemes: [] });
  });

  it("part of a scheme's headers names the ones missing", () => {
    const h = only(signed([current]), STANDARD);
    delete h["webhook-timestamp"];
    expect(run({ headers: h })).toMatchObject({ verdict: "headers_missing", headers: ["webhook-timestamp"], scheme: "standard_webhooks" });
    expect(run({ headers: { "x-service-event-id": EVENT } })).toMatchObject({ verdict: "headers_missing", headers: ["X-Service-Signature"], scheme: "service" });
  });

  it("a missing standard header does not hide a valid service signature", () => {
    const h = signed([current]);
    delete h["webhook-signature"];
    const d = run({ headers: h });
    expect(d).toMatchObject({ verdict: "valid", scheme: "service" });
    expect(d.schemes[0]).toMatchObject({ scheme: "standard_webhooks", verdict: "headers_missing", headers: ["webhook-signature"] });
  });

  it("malformed: a timestamp that is not a whole number of seconds, signatures in no known form", () => {
    const h = only(signed([current]), STANDARD);
    expect(run({ headers: { ...h, "webhook-timestamp": "2025-06-01T12:00:00Z" } })).toMatchObject({ verdict: "header_malformed", header: "webhook-timestamp", problem: "not_integer" });
    expect(run({ headers: { ...h, "webhook-signature": "v2,abc sha256=def" } })).toMatchObject({ verdict: "header_malformed", header: "webhook-signature", problem: "no_v1_signature" });
    // A v1 entry whose base64 is not 32 bytes is no HMAC-SHA256.
    expect(run({ headers: { ...h, "webhook-signature": "v1,c2hvcnQ=" } })).toMatchObject({ verdict: "header_malformed", header: "webhook-signature" });
    expect(run({ headers: { "x-service-signature": "v1=" + "a".repeat(64) } })).toMatchObject({ verdict: "header_malformed", header: "X-Service-Signature", problem: "no_timestamp" });
    expect(run({ headers: { "x-service-signature": "t=1748779200,v1=xyz" } })).toMatchObject({ verdict: "header_malformed", header: "X-Service-Signature", problem: "no_v1_signature" });
  });
});

describe("diagnoseSignature: no match", () => {
  it("the body we sent, unchanged, under a stranger's secret: another secret", () => {
    const d = run({ headers: signed([stranger]), sentBodies: { [EVENT]: body } });
    expect(d).toMatchObject({ verdict: "other_secret", scheme: "standard_webhooks" });
    expect(d.schemes.map((s) => [s.verdict, s.event_found])).toEqual([
      ["other_secret", true],
      ["other_secret", true],
    ]);
  });

  it("a field changed after receipt: body changed, naming the field, and the signature is right for what we sent", () => {
    const edited = body.replace('"amount":1500', '"amount":15000');
    expect(run({ body: edited, sentBodies: { [EVENT]: body } })).toMatchObject({
      verdict: "body_changed",
      difference: { kind: "field", path: "data.amount", change: "changed" },
      original_signature_matches: true,
    });
    const dropped = JSON.stringify({ ...JSON.parse(body), data: { id: "txn_1", amount: 1500 } });
    expect(run({ body: dropped, sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "field", path: "data.metadata", change: "missing" } });
    const added = JSON.stringify({ ...JSON.parse(body), extra: true });
    expect(run({ body: added, sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "field", path: "extra", change: "added" } });
  });

  it("re-serialised JSON (whitespace, key order): body changed by formatting only", () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(run({ body: pretty, sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "formatting" }, original_signature_matches: true });
    const { id, ...rest } = JSON.parse(body) as Record<string, unknown>;
    expect(run({ body: JSON.stringify({ ...rest, id }), sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "formatting" } });
  });

  it("an empty or non-JSON body: the framework consumed or decoded it", () => {
    expect(run({ body: "", sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "empty" } });
    expect(run({ body: "[object Object]", sentBodies: { [EVENT]: body } })).toMatchObject({ verdict: "body_changed", difference: { kind: "not_json" } });
  });

  it("a changed body under another secret too: body changed, and the original does not match either", () => {
    const edited = body.replace("A-1", "A-2");
    expect(run({ body: edited, headers: signed([stranger]), sentBodies: { [EVENT]: body } })).toMatchObject({
      verdict: "body_changed",
      difference: { kind: "field", path: "data.metadata.order" },
      original_signature_matches: false,
    });
  });

  it("without the event, the body's own form still proves a change; a compact body cannot be told apart", () => {
    expect(run({ body: JSON.stringify(JSON.parse(body), null, 1) })).toMatchObject({ verdict: "body_changed", difference: { kind: "formatting" }, original_signature_matches: null });
    expect(run({ body: "  " })).toMatchObject({ verdict: "body_changed", difference: { kind: "empty" } });
    expect(run({ body: "id=evt_0001&type=payment.success" })).toMatchObject({ verdict: "body_changed", difference: { kind: "not_json" } });
    // Nesting deeper than JSON.stringify can write is no body of ours either.
    expect(run({ body: "[".repeat(130_000) + "]".repeat(130_000) })).toMatchObject({ verdict: "body_changed", difference: { kind: "formatting" } });
    const d = run({ headers: signed([stranger]) });
    expect(d).toMatchObject({ verdict: "no_match" });
    expect(d.schemes.every((s) => !s.event_found)).toBe(true);
  });

  it("headers of one event with the body of another: id mismatch, in either scheme", () => {
    const otherBody = body.replace(EVENT, "evt_0002");
    const d = run({ body: otherBody, sentBodies: { [EVENT]: body } });
    expect(d).toMatchObject({ verdict: "id_mismatch", header_id: EVENT, body_id: "evt_0002" });
    expect(run({ body: otherBody, headers: only(signed([current]), SERVICE) })).toMatchObject({ verdict: "id_mismatch", scheme: "service" });
  });

  it("an edited webhook-id breaks the standard signature only (the other scheme does not sign the id)", () => {
    const h = { ...signed([current]), "webhook-id": "evt_9999" };
    const d = run({ headers: h });
    expect(d).toMatchObject({ verdict: "valid", scheme: "service" });
    expect(d.schemes[0]).toMatchObject({ scheme: "standard_webhooks", verdict: "id_mismatch", header_id: "evt_9999", body_id: EVENT });
  });

  it("never answers a signature or a secret", () => {
    const h = signed([current, previous]);
    for (const d of [run({ headers: h }), run({ headers: signed([stranger]), sentBodies: { [EVENT]: body } }), run({ body: body.replace("1500", "1"), sentBodies: { [EVENT]: body } })]) {
      const text = JSON.stringify(d);
      for (const secret of [current, previous, stranger]) expect(text).not.toContain(secret.slice("whsec_".length, 20));
      expect(text).not.toContain(h["webhook-signature"].split(" ")[0].slice(3, 20));
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    }
  });
});
