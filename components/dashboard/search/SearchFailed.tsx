"use client";

import { catchError, type ErrorInfo } from "next/error";
import type { Locale } from "@/lib/i18n/locale";
import { buttonClasses } from "@/components/ui/Button";
import { searchCopy } from "./copy";

/** The search threw (database down, a bug): said in the page's language, with a retry; the frame and header stay. */
function SearchFailedFallback({ locale }: { locale: Locale }, { retry }: ErrorInfo) {
  const t = searchCopy[locale];
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-danger bg-danger-soft p-4">
      <p className="font-semibold text-danger-strong">{t.failed}</p>
      <button type="button" onClick={() => retry()} className={`mt-3 ${buttonClasses({ variant: "secondary" })}`}>
        {t.retry}
      </button>
    </div>
  );
}

export const SearchErrorBoundary = catchError(SearchFailedFallback);
