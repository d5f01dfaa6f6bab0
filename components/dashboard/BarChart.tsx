import { useId } from "react";

export type ChartSeries = { id: string; label: string; fill: string; swatch: string };
export type ChartRow = { key: string; label: string; values: number[] };

interface BarChartProps {
  caption: string;
  /** One sentence a screen reader hears instead of the picture (totals, trend). */
  summary: string;
  series: ChartSeries[];
  rows: ChartRow[];
  format: (value: number) => string;
  /** Column header of the row labels in the data table. */
  rowHeader: string;
  showData: string;
  emptyNote?: string;
}

const HEIGHT = 120;

/**
 * A stacked bar chart drawn as SVG, with its numbers in a disclosure table below it: the bars
 * are for the eye, the table is what keyboards and screen readers use (and what e2e asserts).
 * Each bar carries a <title>, so hovering it shows the day and its values.
 */
export function BarChart({ caption, summary, series, rows, format, rowHeader, showData, emptyNote }: BarChartProps) {
  const captionId = useId();
  const max = Math.max(1, ...rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  const width = rows.length * 10;
  const empty = rows.every((r) => r.values.every((v) => v === 0));
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="text-sm font-semibold text-ink">
        {caption}
      </figcaption>
      <div className="relative mt-2">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} className="h-32 w-full rounded-lg border border-line bg-canvas">
          {rows.map((row, i) => {
            let y = HEIGHT;
            const tooltip = `${row.label} — ${series.map((s, j) => `${s.label} : ${format(row.values[j] ?? 0)}`).join(" · ")}`;
            return (
              <g key={row.key}>
                <title>{tooltip}</title>
                <rect x={i * 10} y={0} width={10} height={HEIGHT} fill="transparent" />
                {series.map((s, j) => {
                  const h = ((row.values[j] ?? 0) / max) * (HEIGHT - 6);
                  y -= h;
                  return h > 0 ? <rect key={s.id} x={i * 10 + 1.5} y={y} width={7} height={h} className={s.fill} /> : null;
                })}
              </g>
            );
          })}
        </svg>
        {empty && emptyNote ? <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-muted">{emptyNote}</p> : null}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{rows[0]?.label}</span>
        <span>{rows.at(-1)?.label}</span>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink">
          {series.map((s) => (
            <li key={s.id} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.swatch}`} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand">{showData}</summary>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {rowHeader}
                </th>
                {series.map((s) => (
                  <th key={s.id} scope="col" className="py-1 pr-3 text-right font-semibold">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {row.label}
                  </th>
                  {series.map((s, j) => (
                    <td key={s.id} className="py-1 pr-3 text-right tabular-nums whitespace-nowrap">
                      {format(row.values[j] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
