import type { HTMLAttributes, ReactNode } from "react";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  /** Rendered as an h2; pass `headingLevel={3}` when the card sits under a page section's h2. */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  description?: ReactNode;
  footer?: ReactNode;
}

export function Card({ title, headingLevel = 2, description, footer, className, children, ...props }: CardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={`rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6 ${className ?? ""}`} {...props}>
      {title ? <Heading className="text-lg font-semibold text-ink">{title}</Heading> : null}
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      {children ? <div className={title || description ? "mt-4" : undefined}>{children}</div> : null}
      {footer ? <div className="mt-5 border-t border-line pt-4">{footer}</div> : null}
    </section>
  );
}
