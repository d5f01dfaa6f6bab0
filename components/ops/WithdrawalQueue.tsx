"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { QueueActionForm, QueueFailure, QueuePage } from "@/components/ui/QueuePage";
import type { WithdrawalStatus } from "@/db/schema";
import type { QueuedWithdrawal } from "@/lib/ops/withdrawal-queue";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { KycDetails } from "./KycDetails";
import { opsCommonCopy } from "./RequestsQueue";

export type QueueFilter = "open" | WithdrawalStatus;
const FILTERS: readonly QueueFilter[] = ["open", "PENDING", "APPROVED", "COMPLETED", "REJECTED", "CANCELLED"];

const copy = defineCopy({
  fr: {
    title: "Retraits",
    intro: "Vérifiez chaque demande (identité, numéro, montant), approuvez-la, exécutez le transfert chez l'opérateur puis saisissez sa référence. Le montant reste réservé jusque-là.",
    filter: "Afficher",
    filters: { open: "À traiter (en attente et approuvés)", PENDING: "En attente", APPROVED: "Approuvés", COMPLETED: "Versés", REJECTED: "Rejetés", CANCELLED: "Annulés" } as Record<QueueFilter, string>,
    kyc: "KYC à vérifier",
    samePhone: "Le numéro du retrait est celui du responsable déclaré au KYC.",
    otherPhone: "Le numéro du retrait n'est pas celui du responsable déclaré au KYC : vérifiez à qui il appartient.",
    merchantPage: "Fiche du marchand",
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
    filters: { open: "To handle (pending and approved)", PENDING: "Pending", APPROVED: "Approved", COMPLETED: "Paid out", REJECTED: "Rejected", CANCELLED: "Cancelled" },
    kyc: "KYC to check",
    samePhone: "The withdrawal's number is the contact person's declared in the KYC.",
    otherPhone: "The withdrawal's number is not the contact person's declared in the KYC: check whose it is.",
    merchantPage: "Merchant's page",
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

async function load(filter: QueueFilter): Promise<QueuedWithdrawal[]> {
  if (filter !== "open") return apiFetch<QueuedWithdrawal[]>(`/ops-api/withdrawals?status=${filter}`);
  const pending = await apiFetch<QueuedWithdrawal[]>("/ops-api/withdrawals?status=PENDING");
  const approved = await apiFetch<QueuedWithdrawal[]>("/ops-api/withdrawals?status=APPROVED");
  return [...pending, ...approved];
}

function WithdrawalCard({ w, locale, onChanged }: { w: QueuedWithdrawal; locale: Locale; onChanged: (message: string) => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [step, setStep] = useState<"idle" | "complete" | "reject">("idle");
  const [text, setText] = useState("");
  const path = `/ops-api/withdrawals/${encodeURIComponent(w.id)}`;
  const action = useMutation({
    mutationFn: (kind: "approve" | "complete" | "reject") =>
      apiFetch<QueuedWithdrawal>(`${path}/${kind}`, { method: "POST", body: kind === "complete" ? { operator_reference: text } : kind === "reject" ? { reason: text } : undefined }),
    onSuccess: () => {
      setStep("idle");
      setText("");
      onChanged(t.done);
    },
  });
  const fieldError = action.error instanceof ApiClientError && action.error.param ? action.error.message : undefined;
  // Both numbers are stored in E.164 (lib/phone), so equal strings are the same number.
  const declared = w.kyc?.submission?.fields.find((f) => f.key === "contact_phone")?.value;
  const phoneCheck = declared ? (declared === w.phone_number ? "same" : "other") : null;

  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-withdrawal" data-reference={w.reference}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-bold break-all text-ink">{w.reference}</h2>
        <StatusBadge kind="withdrawal" status={w.status} locale={locale} />
        <StatusBadge kind="mode" status={w.mode} locale={locale} />
      </div>
      <p className="mt-1 text-sm text-ink">
        {w.merchant_name} · <code className="font-mono text-xs">{w.merchant_id}</code>
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <dl className="grid content-start grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-2">
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
          <div className="col-span-2 sm:col-span-4 lg:col-span-2">
            <dt className="text-muted">{t.requested}</dt>
            <dd className="text-ink">
              <DateTime value={w.created_at} locale={locale} />
            </dd>
          </div>
          {w.notes ? (
            <div className="col-span-2 sm:col-span-4 lg:col-span-2">
              <dt className="text-muted">{t.notes}</dt>
              <dd className="break-words text-ink">{w.notes}</dd>
            </div>
          ) : null}
          {w.operator_reference ? (
            <div className="col-span-2 sm:col-span-4 lg:col-span-2">
              <dt className="text-muted">{t.operatorRef}</dt>
              <dd className="font-mono break-all text-ink">{w.operator_reference}</dd>
            </div>
          ) : null}
          {w.rejection_reason ? (
            <div className="col-span-2 sm:col-span-4 lg:col-span-2">
              <dt className="text-muted">{t.rejection}</dt>
              <dd className="break-words text-ink">{w.rejection_reason}</dd>
            </div>
          ) : null}
        </dl>
        <section aria-labelledby={`kyc-${w.id}`} className="rounded-xl border border-line p-3" data-testid="withdrawal-kyc">
          <h3 id={`kyc-${w.id}`} className="mb-2 font-semibold text-ink">
            {t.kyc}
          </h3>
          <KycDetails kyc={w.kyc} locale={locale} />
          {phoneCheck ? <p className={`mt-2 text-sm font-medium ${phoneCheck === "same" ? "text-ink" : "text-danger"}`}>{phoneCheck === "same" ? t.samePhone : t.otherPhone}</p> : null}
          <a href={`/ops/merchants/${encodeURIComponent(w.merchant_id)}?lang=${locale}`} className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
            {t.merchantPage}
            <span className="sr-only"> {w.merchant_name}</span>
          </a>
        </section>
      </div>

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
        <QueueActionForm
          field={<Field label={step === "complete" ? t.operatorRef : c.reason} value={text} onChange={(e) => setText(e.target.value)} maxLength={step === "complete" ? 128 : 500} required error={fieldError} className="flex-1" autoFocus />}
          submit={step === "complete" ? t.confirmComplete : t.confirmReject}
          danger={step === "reject"}
          pending={action.isPending}
          cancel={c.cancel}
          onSubmit={() => action.mutate(step)}
          onCancel={() => setStep("idle")}
        />
      ) : null}
      {fieldError ? null : <QueueFailure label={c.failed} error={action.error} />}
    </li>
  );
}

export function WithdrawalQueue({ locale, initial }: { locale: Locale; initial: QueuedWithdrawal[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<QueueFilter>("open");
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", "withdrawals", filter], queryFn: () => load(filter), initialData: filter === "open" ? initial : undefined, staleTime: 5_000 });

  return (
    <QueuePage
      title={t.title}
      intro={t.intro}
      filter={<Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as QueueFilter)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />}
      loading={query.isFetching && t.loading}
      announce={announce}
      error={query.isError ? { message: `${c.failed} ${query.error instanceof ApiClientError ? query.error.message : ""}`, retry: c.retry, onRetry: () => void query.refetch() } : null}
      items={query.data}
      empty={c.empty}
    >
      {(w) => (
        <WithdrawalCard
          key={`${w.id}-${w.status}`}
          w={w}
          locale={locale}
          onChanged={(m) => {
            setAnnounce(m);
            void queryClient.invalidateQueries({ queryKey: ["ops", "withdrawals"] });
          }}
        />
      )}
    </QueuePage>
  );
}
