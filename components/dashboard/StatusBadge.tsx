import type { Locale } from "@/lib/i18n/locale";
import { statusLabel, statusTone, type StatusKind } from "@/lib/i18n/status-labels";
import { Badge } from "./Badge";

/**
 * A status in the reader's language. `code` adds the API value beside it, for the pages a developer
 * reads next to the API's JSON (payments, webhook deliveries, the request log).
 */
export function StatusBadge({ kind, status, locale, code = false }: { kind: StatusKind; status: string; locale: Locale; code?: boolean }) {
  const label = statusLabel(kind, status, locale);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={statusTone(kind, status)}>{label}</Badge>
      {code && label !== status ? <code className="font-mono text-xs text-muted">{status}</code> : null}
    </span>
  );
}
