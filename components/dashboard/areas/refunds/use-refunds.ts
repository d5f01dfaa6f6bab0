"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/components/data/fetch-json";
import type { RefundReason } from "@/db/schema";
import type { RefundRequestResource } from "@/lib/refunds/schemas";

export type RefundDraft = { amount: number; reason: RefundReason; note: string };

/** Asking for and cancelling a payment's refunds; the server page is rendered again with the new state. */
export function usePaymentRefunds(paymentId: string, onDone: (what: "sent" | "cancelled") => void) {
  const router = useRouter();
  const request = useMutation({
    mutationFn: (draft: RefundDraft) =>
      apiFetch<RefundRequestResource>("/dashboard-api/refund-requests", {
        method: "POST",
        body: { payment_id: paymentId, amount: draft.amount, reason: draft.reason, ...(draft.note.trim() ? { note: draft.note.trim() } : {}) },
      }),
    onSuccess: () => {
      onDone("sent");
      router.refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch<RefundRequestResource>(`/dashboard-api/refund-requests/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
    onSuccess: () => {
      onDone("cancelled");
      router.refresh();
    },
  });
  return { request, cancel };
}
