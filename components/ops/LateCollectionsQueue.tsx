"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { QueueActionForm, QueueFailure, QueuePage } from "@/components/ui/QueuePage";
import type { LateCollectionStatus } from "@/db/schema";
import type { StaffLateCollectionView } from "@/lib/payments/late-collection-staff";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./RequestsQueue";

const FILTERS: readonly LateCollectionStatus[] = ["OPEN", "CREDITED", "REFUNDED"];

const copy = defineCopy({
  fr: {
    title: "Encaissements tardifs",
    intro:
      "L'opérateur a confirmé ces encaissements alors que le paiement était déjà annulé, expiré ou échoué : le client a été débité. Le montant est en attente (compte late_collections_suspense). Vérifiez auprès du marchand et du client, puis créditez le marchand (moins les frais du paiement) ou faites rembourser le client par le support. Le statut du paiement ne change pas.",
    filter: "Afficher",
    filters: { OPEN: "À traiter", CREDITED: "Crédités au marchand", REFUNDED: "Remboursés au client" } as Record<LateCollectionStatus, string>,
    status: { OPEN: "À traiter", CREDITED: "Crédité", REFUNDED: "Remboursé" } as Record<LateCollectionStatus, string>,
    paymentStatus: { CANCELLED: "annulé", EXPIRED: "expiré", FAILED: "échoué", PENDING: "en attente", SUCCESS: "réussi" } as Record<string, string>,
    payment: "Paiement",
    paymentWas: "Statut du paiement à l'arrivée",
    amount: "Montant encaissé",
    fee: "Frais",
    net: "Crédit au marchand",
    operatorRef: "Référence de l'opérateur",
    arrived: "Arrivé le",
    resolved: "Traité le",
    by: "Par",
    note: "Note",
    noteLabel: "Note (obligatoire, gardée au journal d'audit)",
    purpose: "Origine",
    partnerSale: "vente partenaire",
    credit: "Créditer le marchand",
    confirmCredit: "Confirmer le crédit",
    refund: "Rembourser via le support",
    confirmRefund: "Confirmer le remboursement",
    loading: "Chargement des encaissements…",
    done: "Encaissement traité et journalisé.",
    empty: "Aucun encaissement tardif.",
  },
  en: {
    title: "Late collections",
    intro:
      "The operator confirmed these collections after the payment had already been cancelled, had expired or had failed: the customer was charged. The money is held (account late_collections_suspense). Check with the merchant and the customer, then credit the merchant (less the payment's fee) or have support refund the customer. The payment's status does not change.",
    filter: "Show",
    filters: { OPEN: "To handle", CREDITED: "Credited to the merchant", REFUNDED: "Refunded to the customer" },
    status: { OPEN: "To handle", CREDITED: "Credited", REFUNDED: "Refunded" },
    paymentStatus: { CANCELLED: "cancelled", EXPIRED: "expired", FAILED: "failed", PENDING: "pending", SUCCESS: "succeeded" },
    payment: "Payment",
    paymentWas: "Payment status on arrival",
    amount: "Amount collected",
    fee: "Fee",
    net: "Credit to the merchant",
    operatorRef: "Operator reference",
    arrived: "Arrived",
    resolved: "Resolved",
    by: "By",
    note: "Note",
    noteLabel: "Note (required, kept in the audit log)",
    purpose: "Origin",
    partnerSale: "partner sale",
    credit: "Credit the merchant",
    confirmCredit: "Confirm the credit",
    refund: "Refund through support",
    confirmRefund: "Confirm the refund",
    loading: "Loading late collections…",
    done: "Collection resolved and logged.",
    empty: "No late collection.",
  },
});

const TONE: Record<LateCollectionStatus, BadgeTone> = { OPEN: "warning", CREDITED: "success", REFUNDED: "neutral" };

function LateCollectionCard({ l, locale, onChanged }: { l: StaffLateCollectionView; locale: Locale; onChanged: (message: string) => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [step, setStep] = useState<"idle" | "credit" | "refund">("idle");
  const [note, setNote] = useState("");
  const action = useMutation({
    mutationFn: (kind: "credit" | "refund") => apiFetch<StaffLateCollectionView>(`/ops-api/late-collections/${encodeURIComponent(l.id)}/${kind}`, { method: "POST", body: { note } }),
    onSuccess: () => {
      setStep("idle");
      setNote("");
      onChanged(t.done);
    },
  });
  const fieldError = action.error instanceof ApiClientError && action.error.param ? action.error.message : undefined;

  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-late-collection" data-payment-id={l.payment_id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-bold break-all text-ink">{l.payment_id}</h2>
        <Badge tone={TONE[l.status]}>{t.status[l.status]}</Badge>
        <Badge tone={l.mode === "test" ? "warning" : "success"}>{l.mode === "test" ? c.test : c.live}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink">
        {l.merchant_name} · <code className="font-mono text-xs">{l.merchant_id}</code>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t.amount}</dt>
          <dd className="font-semibold text-ink">
            <Amount value={l.amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.fee}</dt>
          <dd className="text-ink">
            <Amount value={l.fee} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.net}</dt>
          <dd className="text-ink">
            <Amount value={l.net_amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.paymentWas}</dt>
          <dd className="text-ink">{t.paymentStatus[l.payment_status] ?? l.payment_status}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t.operatorRef}</dt>
          <dd className="font-mono break-all text-ink">{l.provider_ref ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-muted">{t.arrived}</dt>
          <dd className="text-ink">
            <DateTime value={l.created_at} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.purpose}</dt>
          <dd className="font-mono text-xs text-ink">
            {l.payment_purpose}
            {l.partner_sale ? ` · ${t.partnerSale}` : ""}
          </dd>
        </div>
        {l.resolved_at ? (
          <div className="col-span-2">
            <dt className="text-muted">{t.resolved}</dt>
            <dd className="text-ink">
              <DateTime value={l.resolved_at} locale={locale} /> · {t.by} {l.resolved_by}
            </dd>
          </div>
        ) : null}
        {l.resolution_note ? (
          <div className="col-span-2">
            <dt className="text-muted">{t.note}</dt>
            <dd className="break-words text-ink">{l.resolution_note}</dd>
          </div>
        ) : null}
      </dl>

      {l.status === "OPEN" && step === "idle" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setStep("credit")} disabled={!hydrated}>
            {t.credit}
            <span className="sr-only"> {l.payment_id}</span>
          </Button>
          <Button variant="secondary" onClick={() => setStep("refund")} disabled={!hydrated}>
            {t.refund}
            <span className="sr-only"> {l.payment_id}</span>
          </Button>
        </div>
      ) : null}
      {step !== "idle" ? (
        <QueueActionForm
          field={<Field label={t.noteLabel} value={note} onChange={(e) => setNote(e.target.value)} minLength={3} maxLength={500} required error={fieldError} className="flex-1" autoFocus />}
          submit={step === "credit" ? t.confirmCredit : t.confirmRefund}
          danger={step === "refund"}
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

/** The ops console's queue of late collections (app/ops/late-collections): open ones oldest first, resolved ones on demand. */
export function LateCollectionsQueue({ locale, initial }: { locale: Locale; initial: StaffLateCollectionView[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<LateCollectionStatus>("OPEN");
  const [announce, setAnnounce] = useState("");
  const query = useQuery({
    queryKey: ["ops", "late-collections", filter],
    queryFn: () => apiFetch<StaffLateCollectionView[]>(`/ops-api/late-collections?status=${filter}`),
    initialData: filter === "OPEN" ? initial : undefined,
    staleTime: 5_000,
  });

  return (
    <QueuePage
      title={t.title}
      intro={t.intro}
      filter={<Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as LateCollectionStatus)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />}
      loading={query.isFetching && t.loading}
      announce={announce}
      error={query.isError ? { message: `${c.failed} ${query.error instanceof ApiClientError ? query.error.message : ""}`, retry: c.retry, onRetry: () => void query.refetch() } : null}
      items={query.data}
      empty={t.empty}
    >
      {(l) => (
        <LateCollectionCard
          key={`${l.id}-${l.status}`}
          l={l}
          locale={locale}
          onChanged={(m) => {
            setAnnounce(m);
            void queryClient.invalidateQueries({ queryKey: ["ops", "late-collections"] });
          }}
        />
      )}
    </QueuePage>
  );
}
