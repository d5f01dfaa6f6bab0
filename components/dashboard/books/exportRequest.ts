import type { ReportResource } from "@/lib/books/reports";
import { ApiClientError, apiFetch, type ClientErrorCode } from "@/components/data/fetch-json";

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

/** Error codes the export requests can answer, in plain words (the rest fall back to `other`). */
export const EXPORT_ERRORS = {
  fr: {
    INVALID_DATE_RANGE: "Période non valide : la date de début doit précéder la date de fin, sur un an au plus.",
    INVALID_REPORT_FILTER: "Le filtre de la liste ne s'applique pas à cet export. Réinitialisez les filtres et réessayez.",
    INVALID_REPORT_FORMAT: "Ce format n'est pas proposé pour cet export.",
    ROLE_FORBIDDEN: "Votre rôle ne permet pas de télécharger les exports : demandez-le au propriétaire du compte.",
    SESSION_REQUIRED: "Votre session a expiré : reconnectez-vous.",
    RATE_LIMIT_EXCEEDED: "Trop de demandes d'un coup. Patientez une minute et réessayez.",
    NETWORK_ERROR: "Connexion impossible. Vérifiez votre réseau et réessayez.",
    FAILED: "La préparation de l'export a échoué. Réessayez ; si cela se reproduit, contactez le support.",
    other: "L'export a échoué. Réessayez dans un instant.",
  } as Record<string, string>,
  en: {
    INVALID_DATE_RANGE: "Invalid period: the start date must come before the end date, a year apart at most.",
    INVALID_REPORT_FILTER: "The list's filter does not apply to this export. Reset the filters and try again.",
    INVALID_REPORT_FORMAT: "This format is not offered for this export.",
    ROLE_FORBIDDEN: "Your role cannot download exports: ask the account owner.",
    SESSION_REQUIRED: "Your session has expired: sign in again.",
    RATE_LIMIT_EXCEEDED: "Too many requests at once. Wait a minute and try again.",
    NETWORK_ERROR: "Could not connect. Check your network and try again.",
    FAILED: "Preparing the export failed. Try again; if it happens again, contact support.",
    other: "The export failed. Try again in a moment.",
  } as Record<string, string>,
};

export const errorText = (locale: "fr" | "en", e: unknown) => {
  const code = e instanceof ApiClientError ? e.code : "other";
  return EXPORT_ERRORS[locale][code] ?? EXPORT_ERRORS[locale].other;
};
