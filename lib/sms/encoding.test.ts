import { describe, expect, it } from "vitest";
import { segmentSms, smsEncoding } from "./encoding";

describe("smsEncoding", () => {
  it("keeps French in GSM-7 while every character is in its alphabet", () => {
    expect(smsEncoding("Votre reçu")).toBe("ucs2");
    expect(smsEncoding("Paiement reçu")).toBe("ucs2");
    expect(smsEncoding("Paiement réussi : 12 500 FCFA. Réf. txn_01. Merci, à la prochaine !")).toBe("gsm7");
    expect(smsEncoding("À bientôt")).toBe("ucs2");
    expect(smsEncoding("Prix 5 €, code [123]")).toBe("gsm7");
  });
  it("needs UCS-2 for ç, ê, î, ô, û and emoji", () => {
    for (const text of ["ç", "fête", "île", "côte", "sûr", "👍"]) expect(smsEncoding(text)).toBe("ucs2");
  });
});

describe("segmentSms", () => {
  it("fits 160 GSM-7 characters in one segment, and 161 in two of 153 and 8", () => {
    expect(segmentSms("a".repeat(160)).parts).toHaveLength(1);
    const two = segmentSms("a".repeat(161));
    expect(two.parts.map((p) => p.length)).toEqual([153, 8]);
  });
  it("counts the extension table's characters twice and never splits them", () => {
    expect(segmentSms("€".repeat(80)).parts).toHaveLength(1);
    const split = segmentSms("€".repeat(81));
    expect(split.parts.map((p) => p.length)).toEqual([76, 5]);
    expect(split.parts.join("")).toBe("€".repeat(81));
  });
  it("fits 70 UCS-2 characters in one segment, and 71 in two of 67 and 4", () => {
    expect(segmentSms("ç".repeat(70))).toEqual({ encoding: "ucs2", parts: ["ç".repeat(70)] });
    expect(segmentSms("ç".repeat(71)).parts.map((p) => p.length)).toEqual([67, 4]);
  });
  it("never splits an emoji's surrogate pair", () => {
    const text = "👍".repeat(40);
    const { parts } = segmentSms(text);
    expect(parts.map((p) => p.length)).toEqual([66, 14]);
    expect(parts.join("")).toBe(text);
  });
  it("sends nothing for an empty text", () => {
    expect(segmentSms("").parts).toEqual([]);
  });
});
