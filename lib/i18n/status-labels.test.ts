import { describe, expect, it } from "vitest";
import { DELIVERY_STATUSES } from "@/lib/webhooks/schemas";
import { PAYMENT_STATUSES } from "@/lib/payments/schemas";
import { INVOICE_STATUSES } from "@/lib/invoices/schemas";
import { SECURE_ORDER_STATUSES } from "@/lib/secure-orders/schemas";
import { SUBSCRIPTION_STATUSES } from "@/lib/billing/schemas";
import { WITHDRAWAL_STATUSES } from "@/lib/withdrawals/schemas";
import { statusLabel, statusesOf, statusTone } from "./status-labels";

describe("status labels", () => {
  it.each([
    ["payment", PAYMENT_STATUSES],
    ["withdrawal", WITHDRAWAL_STATUSES],
    ["secureOrder", SECURE_ORDER_STATUSES],
    ["subscription", SUBSCRIPTION_STATUSES],
    ["delivery", DELIVERY_STATUSES],
    ["invoice", INVOICE_STATUSES],
  ] as const)("every %s status the API has gets a French label that is not the API value", (kind, statuses) => {
    for (const s of statuses) {
      expect(statusesOf(kind)).toContain(s);
      expect(statusLabel(kind, s, "fr")).not.toBe(s);
      expect(statusLabel(kind, s, "en")).not.toBe(s);
    }
  });

  it("shows an unknown status as itself, in a neutral tone", () => {
    expect(statusLabel("payment", "ON_HOLD", "fr")).toBe("ON_HOLD");
    expect(statusTone("payment", "ON_HOLD")).toBe("neutral");
  });
});
