import { createHash } from "node:crypto";
import QRCode from "qrcode";
import type { Database } from "@/db/client";
import { CacheableData, FileResult } from "@/lib/core/file-result";
import { getPublicLinkRow } from "./service";
import { linkUrl } from "./serialize";

export type QrFormat = "json" | "png" | "svg";

// The image depends only on what it encodes and how it is drawn: a new renderer version changes the ETag.
const RENDER_VERSION = "qr1";
const CACHE_SECONDS = 300;

const qrOptions = (size: number) => ({ width: size, margin: 2, errorCorrectionLevel: "M" as const });

function etagOf(url: string, format: QrFormat, size: number) {
  return `"${createHash("sha256").update(`${RENDER_VERSION}|${url}|${format}|${size}`).digest("base64url").slice(0, 32)}"`;
}

function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * GET /v1/payment-links/{slug}/qr: the QR code of the link's public URL, made with `qrcode`.
 * JSON by default (`data.qr_code` is a PNG data URL, the shape existing clients read), or the
 * raw image with format=png|svg. The image is a pure function of (url, format, size), so its
 * ETag is too: If-None-Match answers 304. A deleted link answers 410 before any of this.
 */
export async function linkQr(db: Database, slugOrId: string, q: { format: QrFormat; size: number }, ifNoneMatch: string | null): Promise<FileResult | CacheableData> {
  const { link } = await getPublicLinkRow(db, slugOrId);
  const url = linkUrl(link.slug);
  const etag = etagOf(url, q.format, q.size);
  const notModified = matches(ifNoneMatch, etag);
  const cache = { scope: "public" as const, maxAgeSeconds: CACHE_SECONDS };
  if (q.format === "png") {
    const png = notModified ? new Uint8Array() : new Uint8Array(await QRCode.toBuffer(url, { type: "png", ...qrOptions(q.size) }));
    return new FileResult({ body: png, contentType: "image/png", etag, cache }, notModified);
  }
  if (q.format === "svg") {
    const svg = notModified ? "" : await QRCode.toString(url, { type: "svg", ...qrOptions(q.size) });
    return new FileResult({ body: svg, contentType: "image/svg+xml; charset=utf-8", etag, cache }, notModified);
  }
  const dataUrl = notModified ? "" : await QRCode.toDataURL(url, { type: "image/png", ...qrOptions(q.size) });
  return new CacheableData({ qr_code: dataUrl, url, format: "png", size: q.size }, { etag, maxAgeSeconds: CACHE_SECONDS }, notModified);
}
