import type { ReportResource } from "@/lib/books/reports";
import { ApiClientError, apiFetch, type ClientErrorCode } from "@/components/data/fetch-json";
import { errorMessages, messageFor } from "@/components/data/error-messages";
import type { Locale } from "@/lib/i18n/locale";

/** What one export request gave: the file, saved already, or a report prepared in the background. */
export type ExportOutcome = { kind: "file"; fileName: string } | { kind: "report"; report: ReportResource };

const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

/** Hands a blob to the browser as a download named like the server named it. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /dashboard-api/exports: a small export answers the file itself (saved here), a large one
 * 202 with a PENDING report; an error answers the JSON envelope, thrown as an ApiClientError.
 */
export async function requestExport(params: Record<string, string | undefined>): Promise<ExportOutcome> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  let response: Response;
  try {
    response = await fetch(`/dashboard-api/exports?${query}`, { credentials: "same-origin" });
  } catch {
    throw new ApiClientError("NETWORK_ERROR", "network", 0);
  }
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 200 && !type.includes("application/json")) {
    saveBlob(await response.blob(), fileNameOf(response.headers.get("content-disposition"), `cauri-${params.type}.${params.format}`));
    return { kind: "file", fileName: fileNameOf(response.headers.get("content-disposition"), `cauri-${params.type}.${params.format}`) };
  }
  const parsed = (await response.json().catch(() => ({}))) as { success?: boolean; data?: { report: ReportResource }; error?: { code: ClientErrorCode; message: string; param?: string } };
  if (response.status === 202 && parsed.success && parsed.data?.report) return { kind: "report", report: parsed.data.report };
  throw new ApiClientError(parsed.error?.code ?? "INTERNAL_ERROR", parsed.error?.message ?? `HTTP ${response.status}`, response.status, parsed.error?.param);
}

export const getReport = (id: string) => apiFetch<ReportResource>(`/dashboard-api/reports/${encodeURIComponent(id)}`);

export const errorText = (locale: Locale, e: unknown) => messageFor(errorMessages[locale].exports, e instanceof ApiClientError ? e.code : null);
