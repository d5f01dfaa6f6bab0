"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import type { Locale } from "@/lib/i18n/locale";
import { statusLabel } from "@/lib/i18n/status-labels";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "../useHydrated";
import { paymentsCopy } from "./paymentsCopy";

type Result = { changed: boolean; payment: { status: string } };

/** POST /dashboard-api/payments/{id}/reconcile, then re-renders the server page with the new state. */
export function ReconcileButton({ paymentId, locale }: { paymentId: string; locale: Locale }) {
  const t = paymentsCopy[locale];
  const router = useRouter();
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const reconcile = useMutation({
    mutationFn: () => apiFetch<Result>(`/dashboard-api/payments/${encodeURIComponent(paymentId)}/reconcile`, { method: "POST" }),
    onMutate: () => setMessage(null),
    onSuccess: (r) => {
      setMessage({ ok: true, text: t.reconciled(r.changed, statusLabel("payment", r.payment.status, locale)) });
      router.refresh();
    },
    onError: (e) => setMessage({ ok: false, text: e instanceof ApiClientError && e.code !== "INTERNAL_ERROR" ? `${t.reconcileError} (${e.code})` : t.reconcileError }),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => reconcile.mutate()} loading={reconcile.isPending} disabled={!hydrated}>
        {t.reconcile}
      </Button>
      <p role={message && !message.ok ? "alert" : "status"} className={`text-sm font-medium ${message?.ok === false ? "text-danger-strong" : "text-ink"}`}>
        {message?.text ?? ""}
      </p>
    </div>
  );
}
