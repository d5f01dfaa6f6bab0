import type { ReactNode } from "react";

const CARD = "rounded-2xl border border-line bg-surface p-5";

/** A titled part of a page, named by its h2 for the landmarks list; `card` sets it apart on a bordered surface. */
export function Section({ id, title, card = false, className, children }: { id: string; title: ReactNode; card?: boolean; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={[className, card ? CARD : null].filter(Boolean).join(" ") || undefined}>
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
