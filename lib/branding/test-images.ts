import { crc32, deflateSync } from "node:zlib";

/** Test files built from bytes: real PNGs a browser decodes, JPEG headers, and impostors. */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decodable PNG of one grey level (8-bit greyscale), optionally padded with a text chunk to
 * exactly `size` bytes. A one-colour image deflates to almost nothing, even at 2048 × 2048.
 */
export function png(width: number, height: number, options: { grey?: number; size?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1, options.grey ?? 0x40);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 }))];
  const end = chunk("IEND", Buffer.alloc(0));
  const bare = Buffer.concat([...parts, end]);
  if (options.size === undefined || options.size === bare.length) return bare;
  const padding = options.size - bare.length - 12;
  if (padding < 0) throw new Error(`a ${width}×${height} PNG is already ${bare.length} bytes`);
  return Buffer.concat([...parts, chunk("tEXt", Buffer.alloc(padding, 0x61)), end]);
}

/** The start of a baseline JPEG: SOI, a JFIF APP0 segment, then the frame header with its size (the parser reads no further). */
export function jpeg(width: number, height: number, frameMarker = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, frameMarker, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export const SVG_WITH_SCRIPT = Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script><circle cx="20" cy="20" r="18" fill="#0b6e4f"/></svg>`);
export const HTML_PAGE = Buffer.from(`<!doctype html><html><body><script>alert(1)</script></body></html>`);

/** A file as the dashboard sends it: the browser's data URL, with whatever type the browser declared. */
export const dataUrl = (bytes: Buffer, declaredType = "image/png") => `data:${declaredType};base64,${bytes.toString("base64")}`;
