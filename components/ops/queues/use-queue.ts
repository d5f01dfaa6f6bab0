"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { LateCollectionStatus } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { QueuedRequest } from "@/lib/ops/merchants";
import type { QueuedWithdrawal } from "@/lib/ops/withdrawal-queue";
import type { staffProductView } from "@/lib/partner/products";
import type { StaffLateCollectionView } from "@/lib/payments/late-collection-staff";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import { disputesCopy, lateCollectionsCopy, opsCommonCopy, partnerCopy, requestsCopy, withdrawalQueueCopy, type QueueFilter } from "./copy";

export type StaffProduct = ReturnType<typeof staffProductView>;

interface QueueOptions<T, F extends string> {
  /** The queue's key under ["ops"]. */
  name: string;
  load: (filter: F) => Promise<T[]>;
  /** The filter the server page rendered `initial` for. */
  first: F;
  initial: T[];
  /** Announced after a decision, since the card acted on leaves the list. */
  done: string;
  locale: Locale;
  /** What a decision reloads; all of the console when a decision also empties other queues. */
  refreshes?: readonly unknown[];
}

/** An ops queue's items under its filter, the announcement of the last decision, and the load failure QueuePage shows. */
function useOpsQueue<T, F extends string>({ name, load, first, initial, done, locale, refreshes = ["ops", name] }: QueueOptions<T, F>) {
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<F>(first);
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", name, filter], queryFn: () => load(filter), initialData: filter === first ? initial : undefined, staleTime: 5_000 });
  const reload = () => void queryClient.invalidateQueries({ queryKey: refreshes });
  const changed = () => {
    setAnnounce(done);
    reload();
  };
  const failure = query.isError ? { message: `${c.failed} ${query.error instanceof ApiClientError ? query.error.message : ""}`, retry: c.retry, onRetry: () => void query.refetch() } : null;
  return { query, filter, setFilter, announce, changed, reload, failure };
}

async function loadWithdrawals(filter: QueueFilter): Promise<QueuedWithdrawal[]> {
  if (filter !== "open") return apiFetch<QueuedWithdrawal[]>(`/ops-api/withdrawals?status=${filter}`);
  const pending = await apiFetch<QueuedWithdrawal[]>("/ops-api/withdrawals?status=PENDING");
  const approved = await apiFetch<QueuedWithdrawal[]>("/ops-api/withdrawals?status=APPROVED");
  return [...pending, ...approved];
}

export function useWithdrawalQueue(locale: Locale, initial: QueuedWithdrawal[]) {
  return useOpsQueue({ name: "withdrawals", load: loadWithdrawals, first: "open" as QueueFilter, initial, done: withdrawalQueueCopy[locale].done, locale });
}

export function useLateCollectionsQueue(locale: Locale, initial: StaffLateCollectionView[]) {
  const load = (status: LateCollectionStatus) => apiFetch<StaffLateCollectionView[]>(`/ops-api/late-collections?status=${status}`);
  return useOpsQueue({ name: "late-collections", load, first: "OPEN" as LateCollectionStatus, initial, done: lateCollectionsCopy[locale].done, locale });
}

export function usePartnerQueue(locale: Locale, initial: StaffProduct[]) {
  return useOpsQueue({ name: "partner-products", load: () => apiFetch<StaffProduct[]>("/ops-api/partner-products"), first: "all", initial, done: partnerCopy[locale].done, locale });
}

/** An approved request changes the merchant, which can empty other queues (its withdrawals, its products): the whole console reloads. */
export function useRequestsQueue(locale: Locale, initial: QueuedRequest[]) {
  return useOpsQueue({ name: "requests", load: () => apiFetch<QueuedRequest[]>("/ops-api/requests"), first: "all", initial, done: requestsCopy[locale].done, locale, refreshes: ["ops"] });
}

export function useDisputesQueue(locale: Locale, initial: DisputeView[]) {
  return useOpsQueue({ name: "disputes", load: () => apiFetch<DisputeView[]>("/ops-api/disputes?all=1"), first: "all", initial, done: disputesCopy[locale].done, locale });
}

/**
 * A card's decision that may need a written step first (a reference, a note): the step open, its
 * text, the request, and the refusal of the text itself, shown under the field.
 */
export function useDecision<K extends string>(post: (kind: K, text: string) => Promise<unknown>, onDone: () => void) {
  const [step, setStep] = useState<K | null>(null);
  const [text, setText] = useState("");
  const action = useMutation({
    mutationFn: (kind: K) => post(kind, text),
    onSuccess: () => {
      setStep(null);
      setText("");
      onDone();
    },
  });
  const fieldError = action.error instanceof ApiClientError && action.error.param ? action.error.message : undefined;
  return { step, setStep, text, setText, action, fieldError };
}

export type Decision<K extends string> = ReturnType<typeof useDecision<K>>;

export function useWithdrawalDecision(w: QueuedWithdrawal, onDone: () => void) {
  return useDecision(
    (kind: "approve" | "complete" | "reject", text) =>
      apiFetch<QueuedWithdrawal>(`/ops-api/withdrawals/${encodeURIComponent(w.id)}/${kind}`, {
        method: "POST",
        body: kind === "complete" ? { operator_reference: text } : kind === "reject" ? { reason: text } : undefined,
      }),
    onDone,
  );
}

export function useLateCollectionDecision(l: StaffLateCollectionView, onDone: () => void) {
  return useDecision(
    (kind: "credit" | "refund", note) => apiFetch<StaffLateCollectionView>(`/ops-api/late-collections/${encodeURIComponent(l.id)}/${kind}`, { method: "POST", body: { note } }),
    onDone,
  );
}

/** Approve at once, or reject with a note written first; the two share one failure line. */
function useReview({ approve, reject, onChanged, onError }: { approve: () => Promise<unknown>; reject: (note: string) => Promise<unknown>; onChanged: () => void; onError?: (error: Error) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const approval = useMutation({ mutationFn: approve, onSuccess: onChanged, onError });
  const rejection = useMutation({ mutationFn: () => reject(note), onSuccess: onChanged, onError });
  return { approve: approval, reject: rejection, rejecting, setRejecting, note, setNote, error: approval.error ?? rejection.error };
}

export type Review = ReturnType<typeof useReview>;

export function useProductReview(p: StaffProduct, onChanged: () => void, onStale: () => void) {
  const path = `/ops-api/partner-products/${encodeURIComponent(p.id)}`;
  // The version on screen: the server refuses the decision if the merchant changed the product since.
  const seen = { reviewed_updated_at: p.updated_at };
  return useReview({
    approve: () => apiFetch(`${path}/approve`, { method: "POST", body: seen }),
    reject: (note) => apiFetch(`${path}/reject`, { method: "POST", body: note.trim() ? { reason: note, ...seen } : seen }),
    onChanged,
    // Refused because the merchant changed it: the error stays on screen while the queue reloads the new version.
    onError: (error) => {
      if (error instanceof ApiClientError && error.code === "PARTNER_PRODUCT_CHANGED") onStale();
    },
  });
}

/** What approving a request changes on the merchant (through the audited merchant update). */
function approval(r: QueuedRequest): Record<string, unknown> {
  if (r.kind === "kyc") return { kyc_status: "approved" };
  if (r.kind === "production_access") return { production_enabled: true };
  if (r.kind === "secure_orders_pilot") return { secure_orders_enabled: true };
  return { platform_plan: r.payload.plan };
}

export function useRequestReview(r: QueuedRequest, onChanged: () => void) {
  return useReview({
    approve: () => apiFetch(`/ops-api/merchants/${encodeURIComponent(r.merchant_id)}`, { method: "PATCH", body: approval(r) }),
    reject: (reason) => apiFetch(`/ops-api/requests/${encodeURIComponent(r.id)}/reject`, { method: "POST", body: { reason } }),
    onChanged,
  });
}

/** Staff's choice on a dispute, then its confirmation. Without `onDecided` (a server-rendered page), the page is rendered again. */
export function useDisputeDecision(disputeId: string, onDecided?: () => void) {
  const router = useRouter();
  const [choice, setChoice] = useState<"release" | "refund" | null>(null);
  const resolve = useMutation({
    mutationFn: (decision: "release" | "refund") => apiFetch(`/ops-api/disputes/${encodeURIComponent(disputeId)}/resolve`, { method: "POST", body: { decision } }),
    onSuccess: () => (onDecided ? onDecided() : router.refresh()),
  });
  return { choice, setChoice, resolve };
}
