import type { ReactNode } from "react";

export type BadgeTone = "success" | "warning" | "danger" | "neutral" | "info";

// Every pair meets WCAG AA on its own background (see the tokens in app/globals.css).
const TONES: Record<BadgeTone, string> = {
  success: "bg-brand-soft text-brand-strong",
  warning: "bg-warning text-warning-ink",
  danger: "bg-danger-soft text-danger-strong",
  neutral: "bg-canvas text-ink border border-line",
  info: "bg-[#e8eefc] text-[#1e3a8a]",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>{children}</span>;
}
