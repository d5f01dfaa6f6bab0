import type { ReactNode } from "react";

/** Long-form text styles for the guides (no typography plugin: the few rules we need). */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <article
      className={[
        "max-w-3xl text-[15px] leading-7 text-ink",
        "[&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight",
        "[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold",
        "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
        "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2",
        "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-brand-soft [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[13px] [&_:not(pre)>code]:break-words",
      ].join(" ")}
    >
      {children}
    </article>
  );
}

/** A code sample; `label` names the language or file for screen readers and sighted readers alike. */
export function Code({ children, label }: { children: string; label?: string }) {
  return (
    <figure className="mt-4">
      {label ? <figcaption className="rounded-t-lg bg-[#12202b] px-4 pt-2 text-xs font-semibold text-[#9fb3c8]">{label}</figcaption> : null}
      <pre
        tabIndex={0}
        className={`overflow-x-auto bg-[#12202b] p-4 font-mono text-[13px] leading-6 text-[#e6edf3] ${label ? "rounded-b-lg" : "rounded-lg"}`}
      >
        <code>{children.trim()}</code>
      </pre>
    </figure>
  );
}

export function Note({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "warning" }) {
  const style = tone === "warning" ? "border-accent bg-warning text-warning-ink" : "border-brand bg-brand-soft text-ink";
  return <div className={`mt-4 rounded-lg border-l-4 p-4 text-sm ${style}`}>{children}</div>;
}

/** A simple data table that scrolls sideways on a phone instead of overflowing the page. */
export function Table({ head, rows, caption }: { head: string[]; rows: ReactNode[][]; caption?: string }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-line bg-surface" tabIndex={0} role="region" aria-label={caption ?? head.join(", ")}>
      <table className="w-full border-collapse text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-canvas">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="border-b border-line px-3 py-2 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-b border-line last:border-0 align-top">
              {row.map((cell, j) => (
                <td key={j} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
