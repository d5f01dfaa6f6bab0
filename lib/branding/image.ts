import type { LogoType } from "@/db/schema";

/**
 * The logo limits. The pages that show a logo must stay under 200 KB on first load and weighed
 * ≈ 175 KB without one, so the file itself gets the rest; shown 40 px high, a logo exported
 * 256 px wide fits easily. The pixel limit bounds what a phone must decode.
 */
export const LOGO_MAX_BYTES = 20 * 1024;
export const LOGO_MAX_PIXELS = 2048;

export type ImageInfo = { type: LogoType; width: number; height: number };

/** Why a file is not an acceptable logo; the caller turns it into the catalogue's error. */
export type ImageProblem =
  | { problem: "svg" }
  | { problem: "not_image" }
  | { problem: "too_large"; bytes: number }
  | { problem: "too_many_pixels"; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);
const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** A PNG's size, from its first chunk, which the format requires to be a 13-byte IHDR. */
function pngInfo(b: Uint8Array): ImageInfo | null {
  if (b.length < 33 || !startsWith(b, PNG_SIGNATURE)) return null;
  if (u32(b, 8) !== 13 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== "IHDR") return null;
  return { type: "image/png", width: u32(b, 16), height: u32(b, 20) };
}

// Start-of-frame markers carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
// Markers without a length field: TEM and the restart markers.
const standsAlone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/** A JPEG's size, from the first start-of-frame segment found walking the segments after SOI. */
function jpegInfo(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not a usable JPEG.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length || length < 7) return null;
      return { type: "image/jpeg", height: u16(b, at + 5), width: u16(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** Text that looks like SVG (an XML or `<svg` document), named in the refusal so the merchant knows why. */
function looksLikeSvg(b: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(b.subarray(0, 1024)).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || (head.startsWith("<!doctype svg") || /<svg[\s>]/.test(head));
}

/**
 * What a logo file is, judged by its bytes alone (never its name or declared type): a PNG or
 * JPEG within the limits, with its size read from its header, or why not.
 */
export function inspectLogo(bytes: Uint8Array): ImageInfo | ImageProblem {
  const info = pngInfo(bytes) ?? jpegInfo(bytes);
  if (!info) return looksLikeSvg(bytes) ? { problem: "svg" } : { problem: "not_image" };
  if (info.width === 0 || info.height === 0) return { problem: "not_image" };
  if (bytes.length > LOGO_MAX_BYTES) return { problem: "too_large", bytes: bytes.length };
  if (info.width > LOGO_MAX_PIXELS || info.height > LOGO_MAX_PIXELS) return { problem: "too_many_pixels", width: info.width, height: info.height };
  return info;
}
