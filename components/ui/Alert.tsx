import type { HTMLAttributes } from "react";

export type AlertTone = "error" | "warning" | "info" | "success";

interface AlertProps extends HTMLAttributes<HTMLElement> {
  tone?: AlertTone;
  /** "box" stands apart on the page (a refused form, a page error); "inline" sits under the control it speaks of. */
  variant?: "box" | "inline";
  /** A div when the message holds block content (a button, a list). */
  as?: "p" | "div";
}

const BOX: Record<AlertTone, string> = {
  error: "rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong",
  warning: "rounded-lg border border-accent bg-warning px-3 py-2 text-sm font-medium text-warning-ink",
  info: "rounded-lg border border-line bg-surface px-3 py-2 text-sm font-medium text-ink",
  success: "rounded-lg border border-brand bg-brand-soft px-3 py-2 text-sm font-medium text-brand-strong",
};

const INLINE: Record<AlertTone, string> = {
  error: "text-sm font-medium text-danger",
  warning: "text-sm font-medium text-warning-ink",
  info: "text-sm font-medium text-ink",
  success: "text-sm font-medium text-brand-strong",
};

/**
 * A message the page tells the reader. Errors and warnings interrupt (role="alert"); info and
 * success wait their turn (role="status"), so a status region may stay on the page empty and be
 * read when filled.
 */
export function Alert({ tone = "error", variant = "box", as: Tag = "p", className, children, ...props }: AlertProps) {
  const role = tone === "error" || tone === "warning" ? "alert" : "status";
  return (
    <Tag role={role} className={`${className ?? ""} ${(variant === "box" ? BOX : INLINE)[tone]}`.trim()} {...props}>
      {children}
    </Tag>
  );
}
