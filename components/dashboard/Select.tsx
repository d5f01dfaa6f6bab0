import { useId, type SelectHTMLAttributes } from "react";

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}

/** A labelled native select (keyboard and screen-reader behaviour come from the platform). */
export function Select({ label, options, hint, id, className, ...props }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ""}`}>
      <label htmlFor={selectId} className="text-sm font-semibold [overflow-wrap:anywhere] text-ink">
        {label}
      </label>
      <select
        id={selectId}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
