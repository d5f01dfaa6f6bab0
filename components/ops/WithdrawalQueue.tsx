"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/dashboard/api";
import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { WithdrawalStatus } from "@/db/schema";
import type { StaffWithdrawalView } from "@/lib/withdrawals/queries";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./RequestsQueue";

export type QueueFilter = "open" | WithdrawalStatus;
const FILTERS: readonly QueueFilter[] = ["open", "PENDING", "APPROVED", "COMPLETED", "REJECTED", "CANCELLED"];

const copy = defineCopy({
  fr: {
    title: "Retraits",
    intro: "Vérifiez chaque demande (identité, numéro, montant), approuvez-la, exécutez le transfert chez l'opérateur puis saisissez sa référence. Le montant reste réservé jusque-là.",
    filter: "Afficher",
    filters: { open: "À traiter (en attente et approuvés)", PENDING: "En attente", APPROVED: "Approuvés", COMPLETED: "Exécutés", REJECTED: "Rejetés", CANCELLED: "Annulés" } as Record<QueueFilter, string>,
    status: { PENDING: "En attente", APPROVED: "Approuvé", COMPLETED: "Exécuté", REJECTED: "Rejeté", CANCELLED: "Annulé" } as Record<WithdrawalStatus, string>,
    amount: "Montant",
    fee: "Frais",
    net: "À verser",
    phone: "Numéro",
    notes: "Note du marchand",
    requested: "Demandé le",
    operatorRef: "Référence de l'opérateur",
    approve: "Approuver",
    complete: "Marquer comme exécuté",
    confirmComplete: "Confirmer l'exécution",
    reject: "Rejeter",
    confirmReject: "Confirmer le rejet",
    rejection: "Motif du rejet :",
    loading: "Chargement des retraits…",
    done: "Retrait mis à jour.",
  },
  en: {
    title: "Withdrawals",
    intro: "Check each request (identity, number, amount), approve it, execute the transfer with the operator, then enter its reference. The amount stays reserved until then.",
    filter: "Show",
    filters: { open: "To handle (pending and approved)", PENDING: "Pending", APPROVED: "Approved", COMPLETED: "Completed", REJECTED: "Rejected", CANCELLED: "Cancelled" },
    status: { PENDING: "Pending", APPROVED: "Approved", COMPLETED: "Completed", REJECTED: "Rejected", CANCELLED: "Cancelled" },
    amount: "Amount",
    fee: "Fee",
    net: "To pay out",
    phone: "Number",
    notes: "Merchant's note",
    requested: "Requested",
    operatorRef: "Operator reference",
    approve: "Approve",
    complete: "Mark as executed",
    confirmComplete: "Confirm execution",
    reject: "Reject",
    confirmReject: "Confirm rejection",
    rejection: "Rejection reason:",
    loading: "Loading withdrawals…",
    done: "Withdrawal updated.",
  },
});

const TONE: Record<WithdrawalStatus, BadgeTone> = { PENDING: "warning", APPROVED: "info", COMPLETED: "success", REJECTED: "danger", CANCELLED: "neutral" };

async function load(filter: QueueFilter): Promise<StaffWithdrawalView[]> {
  if (filter !== "open") return apiFetch<StaffWithdrawalView[]>(`/ops-api/withdrawals?status=${filter}`);
  const pending = await apiFetch<StaffWithdrawalView[]>("/ops-api/withdrawals?status=PENDING");
  const approved = await apiFetch<StaffWithdrawalView[]>("/ops-api/withdrawals?status=APPROVED");
  return [...pending, ...approved];
}

function WithdrawalCard({ w, locale, onChanged }: { w: StaffWithdrawalView; locale: Locale; onChanged: (message: string) => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [step, setStep] = useState<"idle" | "complete" | "reject">("idle");
  const [text, setText] = useState("");
  const path = `/ops-api/withdrawals/${encodeURIComponent(w.id)}`;
  const action = useMutation({
    mutationFn: (kind: "approve" | "complete" | "reject") =>
      apiFetch<StaffWithdrawalView>(`${path}/${kind}`, { method: "POST", body: kind === "complete" ? { operator_reference: text } : kind === "reject" ? { reason: text } : undefined }),
    onSuccess: () => {
      setStep("idle");
      setText("");
      onChanged(t.done);
    },
  });
  const fieldError = action.error instanceof ApiClientError && action.error.param ? action.error.message : undefined;

  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-withdrawal" data-reference={w.reference}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-bold break-all text-ink">{w.reference}</h2>
        <Badge tone={TONE[w.status]}>{t.status[w.status]}</Badge>
        <Badge tone={w.mode === "test" ? "warning" : "success"}>{w.mode === "test" ? c.test : c.live}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink">
        {w.merchant_name} · <code className="font-mono text-xs">{w.merchant_id}</code>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t.amount}</dt>
          <dd className="font-semibold text-ink">
            <Amount value={w.amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.fee}</dt>
          <dd className="text-ink">
            <Amount value={w.fee} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.net}</dt>
          <dd className="font-semibold text-ink">
            <Amount value={w.net_amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.phone}</dt>
          <dd className="font-mono break-all text-ink">{w.phone_number}</dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-muted">{t.requested}</dt>
          <dd className="text-ink">
            <DateTime value={w.created_at} locale={locale} />
          </dd>
        </div>
        {w.notes ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted">{t.notes}</dt>
            <dd className="break-words text-ink">{w.notes}</dd>
          </div>
        ) : null}
        {w.operator_reference ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted">{t.operatorRef}</dt>
            <dd className="font-mono break-all text-ink">{w.operator_reference}</dd>
          </div>
        ) : null}
        {w.rejection_reason ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted">{t.rejection}</dt>
            <dd className="break-words text-ink">{w.rejection_reason}</dd>
          </div>
        ) : null}
      </dl>

      {w.status === "PENDING" && step === "idle" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => action.mutate("approve")} loading={action.isPending} disabled={!hydrated}>
            {t.approve}
            <span className="sr-only"> {w.reference}</span>
          </Button>
          <Button variant="secondary" onClick={() => setStep("reject")} disabled={!hydrated}>
            {t.reject}
            <span className="sr-only"> {w.reference}</span>
          </Button>
        </div>
      ) : null}
      {w.status === "APPROVED" && step === "idle" ? (
        <div className="mt-3">
          <Button onClick={() => setStep("complete")} disabled={!hydrated}>
            {t.complete}
            <span className="sr-only"> {w.reference}</span>
          </Button>
        </div>
      ) : null}
      {step !== "idle" ? (
        <form
          method="post"
          noValidate
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate(step);
          }}
        >
          <Field label={step === "complete" ? t.operatorRef : c.reason} value={text} onChange={(e) => setText(e.target.value)} maxLength={step === "complete" ? 128 : 500} required error={fieldError} className="flex-1" autoFocus />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant={step === "reject" ? "danger" : "primary"} loading={action.isPending}>
              {step === "complete" ? t.confirmComplete : t.confirmReject}
            </Button>
            <Button variant="secondary" onClick={() => setStep("idle")}>
              {c.cancel}
            </Button>
          </div>
        </form>
      ) : null}
      {action.error && !fieldError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {c.failed} {action.error instanceof ApiClientError ? action.error.message : String(action.error)}
        </p>
      ) : null}
    </li>
  );
}

export function WithdrawalQueue({ locale, initial }: { locale: Locale; initial: StaffWithdrawalView[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<QueueFilter>("open");
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", "withdrawals", filter], queryFn: () => load(filter), initialData: filter === "open" ? initial : undefined, staleTime: 5_000 });

  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 max-w-prose text-muted">{t.intro}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as QueueFilter)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {query.isError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {c.failed} {query.error instanceof ApiClientError ? query.error.message : ""}{" "}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            {c.retry}
          </button>
        </p>
      ) : null}
      {query.data && query.data.length === 0 ? <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-muted">{c.empty}</p> : null}
      <ul className="mt-4 space-y-3">
        {(query.data ?? []).map((w) => (
          <WithdrawalCard
            key={`${w.id}-${w.status}`}
            w={w}
            locale={locale}
            onChanged={(m) => {
              setAnnounce(m);
              void queryClient.invalidateQueries({ queryKey: ["ops", "withdrawals"] });
            }}
          />
        ))}
      </ul>
    </div>
  );
}
