import { useId } from "react";

export type CompareRow = { key: string; label: string; current: number; previous: number };

/**
 * Horizontal bars, this period above the previous one, for a handful of categories (origins,
 * failure reasons, confirmation times). Plain CSS widths, so it reflows at 360 px; the numbers are
 * written beside the bars and again in the disclosure table for keyboards and screen readers.
 */
export function CompareBars({
  caption,
  rows,
  format,
  labels,
  testId,
}: {
  caption: string;
  rows: CompareRow[];
  format: (value: number) => string;
  labels: { rowHeader: string; current: string; previous: string; showData: string };
  testId: string;
}) {
  const captionId = useId();
  const max = Math.max(1, ...rows.flatMap((r) => [r.current, r.previous]));
  const width = (value: number) => `${Math.max(value > 0 ? 1 : 0, (value / max) * 100)}%`;
  return (
    <figure aria-labelledby={captionId} className="min-w-0" data-testid={testId}>
      <figcaption id={captionId} className="text-sm font-semibold text-ink">
        {caption}
      </figcaption>
      <ul className="mt-2 space-y-3" aria-hidden="true">
        {rows.map((r) => (
          <li key={r.key} className="text-sm">
            <div className="flex flex-wrap justify-between gap-x-2 text-ink">
              <span className="min-w-0 break-words">{r.label}</span>
              <span className="tabular-nums">{format(r.current)}</span>
            </div>
            <div className="mt-1 h-3 rounded-sm bg-canvas">
              <div className="h-3 rounded-sm bg-brand" style={{ width: width(r.current) }} />
            </div>
            <div className="mt-0.5 flex items-center gap-2">
              <div className="h-1.5 flex-1 rounded-sm bg-canvas">
                <div className="h-1.5 rounded-sm bg-line-strong" style={{ width: width(r.previous) }} />
              </div>
              <span className="text-xs text-muted tabular-nums">{format(r.previous)}</span>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-ink" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand" />
          {labels.current}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-line-strong" />
          {labels.previous}
        </span>
      </p>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand">{labels.showData}</summary>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {labels.rowHeader}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  {labels.current}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {labels.previous}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {r.label}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{format(r.current)}</td>
                  <td className="py-1 text-right tabular-nums">{format(r.previous)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
