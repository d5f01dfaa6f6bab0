import { formatBamako, toUtcIso } from "@/lib/format/date";
import type { Locale } from "@/lib/i18n/locale";

/** A date in Bamako time; the exact UTC instant on hover (title) and for machines (dateTime). */
export function DateTime({ value, locale, className }: { value: string | Date; locale: Locale; className?: string }) {
  const iso = toUtcIso(value);
  return (
    <time dateTime={iso} title={`${iso.replace("T", " ").replace(/\.\d+Z$/, "")} UTC`} className={className}>
      {formatBamako(iso, locale)}
    </time>
  );
}
