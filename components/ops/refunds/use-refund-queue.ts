"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Locale } from "@/lib/i18n/locale";
import type { QueuedRefund } from "@/lib/refunds/queries";
import { opsCommonCopy } from "../queues/copy";
import { useDecision } from "../queues/use-queue";
import { refundQueueCopy, type RefundFilter } from "./copy";

async function loadRefunds(filter: RefundFilter): Promise<QueuedRefund[]> {
  if (filter !== "open") return apiFetch<QueuedRefund[]>(`/ops-api/refunds?status=${filter}`);
  const requested = await apiFetch<QueuedRefund[]>("/ops-api/refunds?status=REQUESTED");
  const approved = await apiFetch<QueuedRefund[]>("/ops-api/refunds?status=APPROVED");
  return [...requested, ...approved];
}

/** The refund queue under its filter, the announcement of the last decision, and the load failure QueuePage shows. */
export function useRefundQueue(locale: Locale, initial: QueuedRefund[]) {
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<RefundFilter>("open");
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", "refunds", filter], queryFn: () => loadRefunds(filter), initialData: filter === "open" ? initial : undefined, staleTime: 5_000 });
  const changed = () => {
    setAnnounce(refundQueueCopy[locale].done);
    void queryClient.invalidateQueries({ queryKey: ["ops", "refunds"] });
  };
  const failure = query.isError ? { message: `${c.failed} ${query.error instanceof ApiClientError ? query.error.message : ""}`, retry: c.retry, onRetry: () => void query.refetch() } : null;
  return { query, filter, setFilter, announce, changed, failure };
}

export function useRefundDecision(r: QueuedRefund, onDone: () => void) {
  return useDecision(
    (kind: "approve" | "execute" | "refuse", text) =>
      apiFetch<QueuedRefund>(`/ops-api/refunds/${encodeURIComponent(r.id)}/${kind}`, {
        method: "POST",
        body: kind === "execute" ? { operator_reference: text } : kind === "refuse" ? { note: text } : {},
      }),
    onDone,
  );
}
