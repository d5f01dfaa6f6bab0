/**
 * Our PDFs use the standard Helvetica, whose WinAnsi encoding holds French but not the letters
 * of Mali's languages: pdfkit turns a string with one of them into unreadable bytes, the whole
 * line lost. Before a string reaches a PDF it is brought into WinAnsi: Bambara's and its
 * neighbours' letters as their older Latin spelling wrote them (ɛ è, ɔ ò, ɲ ny, ŋ ng), other
 * accented letters without the accent WinAnsi lacks, anything else "?".
 */

const SPELLED: Record<string, string> = {
  ɛ: "è", Ɛ: "È", ɔ: "ò", Ɔ: "Ò", ɲ: "ny", Ɲ: "Ny", ŋ: "ng", Ŋ: "Ng",
  ɓ: "b", Ɓ: "B", ɗ: "d", Ɗ: "D", ƴ: "y", Ƴ: "Y", ǝ: "e", Ǝ: "E", ə: "e", Ə: "E", ɣ: "gh", Ɣ: "Gh", ʔ: "'",
  "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ", "\u2011": "-", "\u2010": "-", "\u2212": "-", "\u2032": "'", "\u2033": '"',
};

/** WinAnsi's characters beyond Latin-1 (its 0x80–0x9F). */
const WINANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const inWinAnsi = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || c === "\n" || c === "\t" || WINANSI_EXTRA.has(c);
};

function one(c: string): string {
  if (inWinAnsi(c)) return c;
  const spelled = SPELLED[c];
  if (spelled !== undefined) return spelled;
  // A letter with an accent WinAnsi lacks (ş, ő, ț): its base letter and what accents WinAnsi has.
  const composed = c.normalize("NFD").replace(/\p{M}+/gu, (marks) => marks.slice(0, 1)).normalize("NFC");
  if ([...composed].every(inWinAnsi)) return composed;
  const bare = c.normalize("NFD").replace(/\p{M}/gu, "");
  return bare !== "" && [...bare].every(inWinAnsi) ? bare : "?";
}

export function toWinAnsi(text: string): string {
  let out = "";
  for (const c of text) out += one(c);
  return out;
}
