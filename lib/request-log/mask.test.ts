import { describe, expect, it } from "vitest";
import { MASK, MAX_BODY_BYTES, maskedBodyText, maskText, TRUNCATION_MARK } from "@/lib/request-log/mask";

const KEY = `sk_test_${"AbCd".repeat(8)}wxyz`;
const LIVE_KEY = `sk_live_${"Zz09".repeat(8)}Live`;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const shown = (body: unknown) => JSON.parse(maskedBodyText(body)!);

describe("request log masking", () => {
  it("masks an API key anywhere in a string as the developers page shows it (prefix and last 4)", () => {
    expect(maskText(`Bearer ${KEY}`)).toBe("Bearer sk_test_AbCd…wxyz");
    expect(shown({ note: `keys ${KEY} and ${LIVE_KEY}` })).toEqual({ note: "keys sk_test_AbCd…wxyz and sk_live_Zz09…Live" });
    expect(shown({ api_key: KEY, secret_key: "anything" })).toEqual({ api_key: MASK, secret_key: MASK });
  });

  it("masks webhook signing secrets, by value and by field name", () => {
    expect(shown({ data: { secret: SECRET, url: "https://boutique.ml/hooks" } })).toEqual({ data: { secret: MASK, url: "https://boutique.ml/hooks" } });
    expect(shown({ message: `use ${SECRET} to verify` })).toEqual({ message: `use whsec_${MASK} to verify` });
    expect(shown({ webhook_secret: "x", signing_secret: "y", client_secret: "z" })).toEqual({ webhook_secret: MASK, signing_secret: MASK, client_secret: MASK });
  });

  it("masks delivery codes: delivery_code always, `code` when it is digits (not an error code)", () => {
    expect(shown({ delivery_code: "123456" })).toEqual({ delivery_code: MASK });
    expect(shown({ secure_order_id: "so_1", reference: "SO-7KQ2M9", code: "004211" })).toEqual({ secure_order_id: "so_1", reference: "SO-7KQ2M9", code: MASK });
    expect(shown({ code: 123456 })).toEqual({ code: MASK });
    expect(shown({ success: false, error: { code: "INVALID_CODE", message: "Wrong delivery code: 4 attempts remaining." } })).toEqual({
      success: false,
      error: { code: "INVALID_CODE", message: "Wrong delivery code: 4 attempts remaining." },
    });
  });

  it("masks passwords, one-time codes and the Authorization header, whatever their type", () => {
    expect(shown({ password: "mot de passe", new_password: "autre", user_password: "x", otp: "123456", totp_code: 654321, recovery_codes: ["a", "b"], Authorization: `Bearer ${KEY}` })).toEqual({
      password: MASK,
      new_password: MASK,
      user_password: MASK,
      otp: MASK,
      totp_code: MASK,
      recovery_codes: MASK,
      Authorization: MASK,
    });
  });

  it("masks tokens to their prefix and last 4 characters; a short one entirely", () => {
    expect(shown({ token: `opr_${"k".repeat(28)}9876`, access_token: "abcdefghijklmnop1234", refresh_token: "short" })).toEqual({ token: "opr_…9876", access_token: "…1234", refresh_token: MASK });
  });

  it("masks full phone numbers like the rest of the product: by field name and anywhere in text", () => {
    expect(shown({ customer_phone: "+22370000001", phone_number: "+22376543210", recipient_phone: "70000001", phone: 22370000001, to: "+22365000000" })).toEqual({
      customer_phone: "+223••••••01",
      phone_number: "+223••••••10",
      recipient_phone: "7000••01",
      phone: "2237•••••01",
      to: "+223••••••00",
    });
    expect(shown({ description: "Livraison au +22370000001 demain" })).toEqual({ description: "Livraison au +223••••••01 demain" });
  });

  it("masks inside nested objects and arrays, and leaves everything else exactly as sent", () => {
    const body = {
      success: true,
      data: [
        { id: "txn_1", amount: 12_500, customer_phone: "+22370000001", metadata: { order: { delivery_code: "111111", items: [{ sku: "A", qty: 2 }] } } },
        { id: "txn_2", amount: 100, paid: false, refunded: null, tags: [], extra: {}, customer_phone: "+22370000002" },
      ],
      pagination: { page: 1, limit: 20, total: 2, pages: 1 },
    };
    expect(shown(body)).toEqual({
      success: true,
      data: [
        { id: "txn_1", amount: 12_500, customer_phone: "+223••••••01", metadata: { order: { delivery_code: MASK, items: [{ sku: "A", qty: 2 }] } } },
        { id: "txn_2", amount: 100, paid: false, refunded: null, tags: [], extra: {}, customer_phone: "+223••••••02" },
      ],
      pagination: { page: 1, limit: 20, total: 2, pages: 1 },
    });
    expect(shown([[{ otp: "1234" }], [SECRET]])).toEqual([[{ otp: MASK }], [`whsec_${MASK}`]]);
    // Pretty-printed as JSON.stringify(…, null, 2) would, so it reads like the API's answer.
    const plain = { a: 1, b: ["x", { c: true }], d: {}, e: [] };
    expect(maskedBodyText(plain)).toBe(JSON.stringify(plain, null, 2));
  });

  it("keeps at most 8 KB and marks the cut; a body of exactly 8 KB is whole", () => {
    const exact = "x".repeat(MAX_BODY_BYTES - 2); // the quotes make it 8,192 bytes
    expect(maskedBodyText(exact)).toBe(JSON.stringify(exact));
    const over = "x".repeat(MAX_BODY_BYTES - 1);
    const cut = maskedBodyText(over)!;
    expect(cut.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(Buffer.byteLength(cut.slice(0, -TRUNCATION_MARK.length))).toBe(MAX_BODY_BYTES);
    const big = { data: Array.from({ length: 5_000 }, (_, i) => ({ id: `txn_${i}`, customer_phone: "+22370000001" })) };
    const text = maskedBodyText(big)!;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BODY_BYTES + Buffer.byteLength(TRUNCATION_MARK));
    expect(text).not.toContain("+22370000001");
    // A multi-byte character is never cut in half.
    expect(maskedBodyText("é".repeat(MAX_BODY_BYTES))!).not.toContain("\uFFFD");
  });

  it("has nothing to keep for no body", () => {
    expect(maskedBodyText(undefined)).toBeNull();
    expect(maskedBodyText(null)).toBeNull();
  });
});
