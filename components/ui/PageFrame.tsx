import type { ReactNode } from "react";

interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title: a busy spinner, a button, a switch. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The head every dashboard and ops area opens with: its h1, what the page is for, then the page. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {actions}
      </div>
      {description ? <p className="mt-1 max-w-prose text-muted">{description}</p> : null}
      {children}
    </div>
  );
}
