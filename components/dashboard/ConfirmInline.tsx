"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";

/**
 * The second step of an action that cannot be taken back lightly: the question, what it does,
 * a yes button and a no button, grouped under the question for screen readers.
 */
export function ConfirmInline({
  question,
  children,
  yes,
  no,
  busy,
  danger = true,
  onYes,
  onNo,
}: {
  question: string;
  children?: ReactNode;
  yes: string;
  no: string;
  busy: boolean;
  danger?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div role="group" aria-label={question} className={`mt-2 flex flex-col gap-2 rounded-lg border p-3 ${danger ? "border-danger" : "border-line-strong"}`}>
      <p className={`text-sm font-semibold ${danger ? "text-danger-strong" : "text-ink"}`}>{question}</p>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button variant={danger ? "danger" : "primary"} loading={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button variant="secondary" onClick={onNo} disabled={busy}>
          {no}
        </Button>
      </div>
    </div>
  );
}
