"use client";

import { useEffect, useRef } from "react";

/** An error or success message that takes focus when it appears, so a screen reader reads it at once. */
export function FormAlert({ tone, children }: { tone: "error" | "success"; children: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [children]);
  const colors = tone === "error" ? "border-danger bg-danger-soft text-danger-strong" : "border-brand bg-surface text-ink";
  return (
    <p ref={ref} tabIndex={-1} role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm font-medium ${colors}`}>
      {children}
    </p>
  );
}
