import { describe, expect, it } from "vitest";
import { KycSubmissionInput } from "@/lib/account/requests";
import { KYC_FIELDS, kycEntries, kycFieldLabel } from "./kyc-labels";

// The keys the dashboard's KYC form validates: read from the zod schema itself, so a field added there fails here until labelled.
const schemaKeys = Object.keys(KycSubmissionInput.schema.out.shape);

describe("KYC field labels", () => {
  it("label every key of the KYC schema, in French and English, never as the raw key", () => {
    expect(schemaKeys.length).toBeGreaterThan(0);
    expect([...KYC_FIELDS].sort()).toEqual([...schemaKeys].sort());
    for (const key of schemaKeys) {
      for (const locale of ["fr", "en"] as const) {
        const label = kycFieldLabel(key, locale);
        expect(label, `${key} (${locale})`).not.toBe(key);
        expect(label.length).toBeGreaterThan(2);
      }
    }
  });

  it("say the fields staff asked for in French", () => {
    expect(kycFieldLabel("tax_id", "fr")).toBe("Numéro d'identification fiscale (NIF)");
    expect(kycFieldLabel("legal_name", "fr")).toBe("Raison sociale");
    expect(kycFieldLabel("legal_name", "en")).toBe("Legal name");
  });

  it("show an unknown key as itself, in both languages", () => {
    expect(kycFieldLabel("bank_account", "fr")).toBe("bank_account");
    expect(kycFieldLabel("bank_account", "en")).toBe("bank_account");
    // Not fooled by the prototype.
    expect(kycFieldLabel("toString", "fr")).toBe("toString");
  });

  it("list a submission in the form's order, then unknown keys alphabetically, values as text", () => {
    const entries = kycEntries({ activity: "Commerce", zeta: 1, legal_name: "Boutique SARL", tax_id: "", alpha: null });
    expect(entries).toEqual([
      { key: "legal_name", value: "Boutique SARL" },
      { key: "tax_id", value: "" },
      { key: "activity", value: "Commerce" },
      { key: "alpha", value: "" },
      { key: "zeta", value: "1" },
    ]);
  });
});
