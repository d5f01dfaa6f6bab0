import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { paymentIdOfReceiptToken, receiptLinks, receiptToken } from "./token";

describe("receipt tokens", () => {
  it("gives a payment the same token every time, another payment another one, and opens back to the id", () => {
    const a = newId("txn");
    const b = newId("txn");
    expect(receiptToken(a)).toBe(receiptToken(a));
    expect(receiptToken(a)).not.toBe(receiptToken(b));
    expect(paymentIdOfReceiptToken(receiptToken(a))).toBe(a);
    expect(paymentIdOfReceiptToken(receiptToken(b))).toBe(b);
  });

  it("does not show the payment id, and is URL-safe", () => {
    const id = newId("txn");
    const token = receiptToken(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain(id.slice(4));
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain(id.slice(4, 14));
    expect(receiptLinks(id).path).toBe(`/r/${token}`);
    expect(receiptLinks(id).url).toMatch(new RegExp(`^https?://[^/]+/r/${token}$`));
  });

  it("refuses any token the service did not make: altered, truncated, extended, re-encoded, empty or a bare id", () => {
    const id = newId("txn");
    const token = receiptToken(id);
    const bytes = Buffer.from(token, "base64url");
    const flipped = (i: number) => {
      const copy = Buffer.from(bytes);
      copy[i] ^= 1;
      return copy.toString("base64url");
    };
    for (const i of [0, 11, 12, bytes.length - 17, bytes.length - 1]) expect(paymentIdOfReceiptToken(flipped(i))).toBeNull();
    expect(paymentIdOfReceiptToken(token.slice(0, -1))).toBeNull();
    expect(paymentIdOfReceiptToken(`${token}A`)).toBeNull();
    expect(paymentIdOfReceiptToken(bytes.toString("base64"))).toBeNull();
    expect(paymentIdOfReceiptToken("")).toBeNull();
    expect(paymentIdOfReceiptToken(id)).toBeNull();
    expect(paymentIdOfReceiptToken("A".repeat(78))).toBeNull();
    expect(paymentIdOfReceiptToken("A".repeat(2_000))).toBeNull();
  });
});
