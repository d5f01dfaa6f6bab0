import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "children"> {
  label: ReactNode;
  /** Help shown under the input, e.g. the expected phone format. */
  hint?: ReactNode;
  /** When set, the input is marked invalid and the message is read with it. */
  error?: ReactNode;
}

/**
 * A labelled input whose hint and error are tied to it with aria-describedby, so a screen
 * reader announces them on focus, and whose invalid state is exposed with aria-invalid.
 */
export function Field({ label, hint, error, id, className, "aria-describedby": describedBy, ...props }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const invalid = Boolean(error);
  const describedByIds = [describedBy, hint ? hintId : undefined, invalid ? errorId : undefined].filter(Boolean).join(" ");

  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ""}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedByIds || undefined}
        className={[
          "min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-ink placeholder:text-muted",
          "disabled:cursor-not-allowed disabled:bg-canvas",
          invalid ? "border-danger" : "border-line-strong",
        ].join(" ")}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
