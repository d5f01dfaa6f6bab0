import { describe, expect, it } from "vitest";
import { serverKey } from "@/lib/secrets";
import { decryptDeliveryCode, deliveryCodeMatches, encryptDeliveryCode, hashDeliveryCode, newDeliveryCode, newOrderReference, newPageToken } from "./code";

describe("delivery codes", () => {
  it("are 6 digits, leading zeros kept, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, newDeliveryCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith("0"))).toBe(true);
  });

  it("check against the HMAC only for the right order and code", () => {
    const hash = hashDeliveryCode("order-a", "042917");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("042917");
    expect(deliveryCodeMatches("order-a", "042917", hash)).toBe(true);
    expect(deliveryCodeMatches("order-a", "042918", hash)).toBe(false);
    expect(deliveryCodeMatches("order-b", "042917", hash)).toBe(false);
    expect(deliveryCodeMatches("order-a", "042917", null)).toBe(false);
  });

  it("encrypt with AES-256-GCM bound to the order id: a fresh IV each time, tampering or another order fails", () => {
    const a = encryptDeliveryCode("order-a", "042917");
    const b = encryptDeliveryCode("order-a", "042917");
    expect(a).not.toBe(b);
    expect(a).not.toContain("042917");
    expect(decryptDeliveryCode("order-a", a)).toBe("042917");
    expect(() => decryptDeliveryCode("order-b", a)).toThrow();
    const [iv, tag, ct] = a.split(".");
    const flipped = Buffer.from(ct, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptDeliveryCode("order-a", [iv, tag, flipped.toString("base64url")].join("."))).toThrow();
  });
});

describe("tokens, references and keys", () => {
  it("page tokens carry 192 random bits and never repeat", () => {
    const tokens = Array.from({ length: 1000 }, newPageToken);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{32}$/.test(t) && Buffer.from(t, "base64url").length === 24)).toBe(true);
    expect(new Set(tokens).size).toBe(1000);
  });

  it("references are SO- and 6 unambiguous characters", () => {
    for (let i = 0; i < 200; i++) expect(newOrderReference()).toMatch(/^SO-[2-9A-HJKMNP-Z]{6}$/);
  });

  it("each purpose gets its own 32-byte key", () => {
    expect(serverKey("secure-orders.code-hmac")).toHaveLength(32);
    expect(serverKey("secure-orders.code-hmac").equals(serverKey("secure-orders.code-aes"))).toBe(false);
    expect(serverKey("secure-orders.code-hmac").equals(serverKey("secure-orders.code-hmac"))).toBe(true);
  });
});
