"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";

export type CodeTab = { id: string; label: string; caption: string; code: string };

/**
 * Samples of one step in several languages, as an ARIA tabs widget: one tab stop, arrow keys,
 * Home and End move between languages (automatic activation), Tab goes into the code.
 */
export function CodeTabs({ tabs, label }: { tabs: readonly CodeTab[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    refs.current[next]?.focus();
  }

  return (
    <div className="mt-4">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 rounded-t-lg bg-[#12202b] px-2 pt-2" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel-${tab.id}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={[
              "min-h-11 rounded-t-md px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-[#8ab4f8]",
              i === selected ? "bg-[#1d3344] text-white underline decoration-2 underline-offset-4" : "text-[#c9d6e3] hover:text-white",
            ].join(" ")}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={i !== selected}>
          <div className="bg-[#1d3344] px-4 pt-2 font-mono text-xs text-[#c9d6e3]">{tab.caption}</div>
          <pre tabIndex={0} className="overflow-x-auto rounded-b-lg bg-[#1d3344] p-4 font-mono text-[13px] leading-6 text-[#e6edf3]">
            <code>{tab.code.trim()}</code>
          </pre>
        </div>
      ))}
    </div>
  );
}
