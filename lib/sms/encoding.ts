/**
 * How a text message travels and what it costs: GSM 03.38 (7-bit) when every character is in its
 * alphabet, UCS-2 otherwise, cut into segments as handsets reassemble them. Segments are what an
 * operator bills, so they are counted here once and stored with each message.
 *
 * - GSM-7: 160 septets in one segment; 153 per segment when concatenated (the UDH takes 7).
 *   The extension table's characters (`€ [ ] { } \ ^ ~ |` and form feed) take two septets, and
 *   a segment never ends between the escape and its character.
 * - UCS-2: 70 UTF-16 code units in one segment; 67 per segment when concatenated. A surrogate
 *   pair (an emoji) is never split.
 *
 * French needs care: é è à ù ì ò Ç É are in GSM-7, but ç â ê î ô û ë ï are not, and one of them
 * turns the whole message into UCS-2 (70 characters a segment). Templates avoid them.
 */

const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = "gsm7" | "ucs2";

export const SEGMENT_LIMITS = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
} as const;

/** A message cut for sending: its encoding and its parts, each within one segment. */
export type SmsSegments = { encoding: SmsEncoding; parts: string[] };

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return "ucs2";
  return "gsm7";
}

/** The units a character takes in its encoding: septets for GSM-7, UTF-16 code units for UCS-2. */
const unitsOf = (ch: string, encoding: SmsEncoding) => (encoding === "gsm7" ? (extension.has(ch) ? 2 : 1) : ch.length);

export function segmentSms(text: string): SmsSegments {
  const encoding = smsEncoding(text);
  const chars = [...text];
  const total = chars.reduce((n, ch) => n + unitsOf(ch, encoding), 0);
  const limits = SEGMENT_LIMITS[encoding];
  if (total <= limits.single) return { encoding, parts: text ? [text] : [] };
  const parts: string[] = [];
  let part = "";
  let used = 0;
  for (const ch of chars) {
    const units = unitsOf(ch, encoding);
    if (used + units > limits.multi) {
      parts.push(part);
      part = "";
      used = 0;
    }
    part += ch;
    used += units;
  }
  if (part) parts.push(part);
  return { encoding, parts };
}
