/** The spinning ring alone, hidden from assistive tech; for places that announce busy state themselves. */
export function SpinnerIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

interface SpinnerProps {
  /** Read by screen readers in place of the animation, in the page's language. */
  label: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center text-brand ${className ?? ""}`}>
      <SpinnerIcon />
      <span className="sr-only">{label}</span>
    </span>
  );
}
