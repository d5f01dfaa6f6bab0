import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";

type DataAttributes = { [key: `data-${string}`]: string | undefined };

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /**
   * The width from which the column shows. Below it the column is left out, so a cell that stays
   * repeats what the reader needs of it (the date under the reference, say).
   */
  from?: "sm" | "md";
  align?: "right";
  /** Added to the header cell: a fixed width in a fixed layout. */
  headerClassName?: string;
  /** Added to every body cell: type, wrapping, and with `phone="cards"` the cell's place on the card. */
  className?: string;
  cellProps?: (row: T) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  density?: "normal" | "compact";
  /**
   * "columns": a phone keeps the columns without `from`. "cards": a phone gets one card a row, the
   * headers kept for screen readers only; the columns' classes place each cell on the card.
   */
  phone?: "columns" | "cards";
  className?: string;
}

const SHOWN_FROM = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

function cellClasses<T>(column: DataColumn<T>, last: boolean, padding: string, extra?: string): string {
  return [padding, last ? "" : "pr-3", column.from ? SHOWN_FROM[column.from] : "", column.align === "right" ? "text-right" : "", extra ?? ""].filter(Boolean).join(" ");
}

/** A real table of rows with scoped column headers, laid out for a phone as `phone` says. */
export function DataTable<T>({ columns, rows, rowKey, rowProps, empty, density = "normal", phone = "columns", className }: DataTableProps<T>) {
  if (rows.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  const cards = phone === "cards";
  const last = columns.length - 1;
  return (
    <table className={`w-full text-left text-sm ${cards ? "max-sm:block" : ""} ${className ?? ""}`}>
      <thead className={`text-muted ${cards ? "max-sm:sr-only" : ""}`}>
        <tr>
          {columns.map((column, i) => (
            <th key={column.key} scope="col" className={cellClasses(column, i === last, density === "compact" ? "py-1" : "py-2", column.headerClassName)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cards ? "max-sm:flex max-sm:flex-col max-sm:gap-2" : undefined}>
        {rows.map((row) => {
          const { className: rowClassName, ...props } = rowProps?.(row) ?? {};
          const look = cards
            ? "border-t border-line max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:rounded-xl max-sm:border max-sm:bg-surface max-sm:p-3"
            : "border-t border-line align-top";
          return (
            <tr key={rowKey(row)} className={`${look} ${rowClassName ?? ""}`} {...props}>
              {columns.map((column, i) => (
                <td key={column.key} className={cellClasses(column, i === last, density === "compact" ? "py-1.5" : "py-2", column.className)} {...column.cellProps?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
