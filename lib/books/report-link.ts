import { createHmac, timingSafeEqual } from "node:crypto";
import { publicBaseUrl } from "@/lib/config";
import { serverKey } from "@/lib/secrets";

/** How long a download link works: one hour from a GET of the report, a day from its report.ready event (webhook retries). */
export const LINK_SECONDS = { read: 3_600, event: 86_400 } as const;

const signature = (reportId: string, expires: number) => createHmac("sha256", serverKey("books.report-download")).update(`${reportId}.${expires}`).digest("base64url");

/** A link anyone holding it can download the report with until it expires: no API key in a browser or a spreadsheet tool. */
export function signedDownloadUrl(reportId: string, now: Date, seconds: number): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  const url = new URL(`/v1/reports/${encodeURIComponent(reportId)}/download`, publicBaseUrl());
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signature(reportId, expires));
  return { url: url.toString(), expiresAt: new Date(expires * 1000) };
}

/** Whether a download link's signature is this report's and it has not expired (real time: links are not sandbox-clocked). */
export function verifyDownloadLink(reportId: string, expiresParam: string | null, signatureParam: string | null, now = new Date()): boolean {
  if (!expiresParam || !signatureParam || !/^\d{1,12}$/.test(expiresParam)) return false;
  const expires = Number(expiresParam);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(reportId, expires));
  const given = Buffer.from(signatureParam);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
