import { formatXof } from "@/lib/format/money";

interface AmountProps {
  /** Whole francs CFA (XOF). */
  value: number;
  className?: string;
}

// nowrap keeps "FCFA" on the same line as the digits: the separators are ordinary spaces.
export function Amount({ value, className }: AmountProps) {
  return <span className={`whitespace-nowrap tabular-nums ${className ?? ""}`}>{formatXof(value)}</span>;
}
