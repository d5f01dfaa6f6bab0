import type { ReactNode } from "react";

const TONES = {
  info: "border-line bg-surface text-ink",
  success: "border-brand bg-brand-soft text-ink",
  warning: "border-warning-ink bg-warning text-warning-ink",
  danger: "border-danger bg-danger-soft text-ink",
} as const;

/** A titled message box; `alert` makes a screen reader announce it when it appears (action results). */
export function Notice({ tone, title, children, alert = false, id }: { tone: keyof typeof TONES; title?: ReactNode; children?: ReactNode; alert?: boolean; id?: string }) {
  return (
    <div id={id} role={alert ? (tone === "danger" || tone === "warning" ? "alert" : "status") : undefined} className={`rounded-xl border-l-4 border p-4 ${TONES[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1 text-sm" : "text-sm"}>{children}</div> : null}
    </div>
  );
}
