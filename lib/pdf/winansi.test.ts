import { describe, expect, it } from "vitest";
import { toWinAnsi } from "./winansi";

describe("toWinAnsi", () => {
  it("keeps French, WinAnsi's punctuation and the euro as they are", () => {
    const french = "Reçu n° 12 – « Boutique Élodie » : 12 500 FCFA… €, œuvre, “ok”";
    expect(toWinAnsi(french)).toBe(french);
  });

  it("writes Bambara's letters as its older Latin spelling did", () => {
    expect(toWinAnsi("Ɲɛnɛ Couture")).toBe("Nyènè Couture");
    expect(toWinAnsi("Sɔgɔ ni kɔnɔ")).toBe("Sògò ni kònò");
    expect(toWinAnsi("Ŋaniya Faso")).toBe("Nganiya Faso");
    expect(toWinAnsi("ɓe ɗa ƴi")).toBe("be da yi");
  });

  it("keeps a letter's base where WinAnsi lacks its accent, and marks what it cannot write", () => {
    expect(toWinAnsi("Şükrü Ţară")).toBe("Sükrü Tara");
    expect(toWinAnsi("Mamadou 中")).toBe("Mamadou ?");
    expect(toWinAnsi("🙂")).toBe("?");
  });

  it("turns the narrow and thin spaces of formatted numbers into plain spaces", () => {
    expect(toWinAnsi("12\u202f500\u2009FCFA")).toBe("12 500 FCFA");
  });
});
