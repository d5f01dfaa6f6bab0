"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/components/data/fetch-json";
import { DateTime } from "@/components/dashboard/DateTime";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { QueueActionForm, QueueFailure, QueuePage } from "@/components/ui/QueuePage";
import type { QueuedRequest } from "@/lib/ops/merchants";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

export type PendingRequest = QueuedRequest;

export const opsCommonCopy = defineCopy({
  fr: { failed: "L'action a échoué :", retry: "Réessayer", empty: "Rien à traiter.", test: "Test", live: "Production", cancel: "Annuler", reason: "Motif (vu par le marchand)" },
  en: { failed: "The action failed:", retry: "Try again", empty: "Nothing to review.", test: "Test", live: "Live", cancel: "Cancel", reason: "Reason (the merchant sees it)" },
});

const copy = defineCopy({
  fr: {
    title: "Demandes à traiter",
    intro: "Demandes envoyées par les marchands depuis leur tableau de bord, les plus anciennes d'abord.",
    kinds: { kyc: "Vérification KYC", platform_plan: "Abonnement à la plateforme", production_access: "Accès à la production", secure_orders_pilot: "Pilote des commandes sécurisées" },
    approve: {
      kyc: "Approuver le KYC",
      platform_plan: "Paiement reçu : activer l'offre",
      production_access: "Ouvrir la production",
      secure_orders_pilot: "Activer les commandes sécurisées",
    },
    pilot: "Le marchand demande à rejoindre le pilote. La demande disparaît dès que les commandes sécurisées sont activées pour lui.",
    reject: "Refuser",
    confirmReject: "Confirmer le refus",
    received: "Reçue le",
    merchant: "Voir le marchand",
    plan: "Offre demandée :",
    fields: {
      legal_name: "Raison sociale",
      registration_number: "RCCM",
      tax_id: "NIF",
      address: "Adresse",
      contact_name: "Responsable",
      contact_phone: "Téléphone",
      activity: "Activité",
    } as Record<string, string>,
    done: "Demande traitée.",
  },
  en: {
    title: "Requests to review",
    intro: "Requests merchants sent from their dashboard, oldest first.",
    kinds: { kyc: "KYC verification", platform_plan: "Platform subscription", production_access: "Production access", secure_orders_pilot: "Secure orders pilot" },
    approve: {
      kyc: "Approve KYC",
      platform_plan: "Payment received: activate the plan",
      production_access: "Open production",
      secure_orders_pilot: "Enable secure orders",
    },
    pilot: "The merchant asks to join the pilot. The request leaves the queue once secure orders are enabled for them.",
    reject: "Reject",
    confirmReject: "Confirm rejection",
    received: "Received",
    merchant: "Open the merchant",
    plan: "Requested plan:",
    fields: {
      legal_name: "Legal name",
      registration_number: "RCCM",
      tax_id: "Tax id",
      address: "Address",
      contact_name: "Representative",
      contact_phone: "Phone",
      activity: "Activity",
    },
    done: "Request handled.",
  },
});

/** What approving a request changes on the merchant (through the audited merchant update). */
function approval(r: PendingRequest): Record<string, unknown> {
  if (r.kind === "kyc") return { kyc_status: "approved" };
  if (r.kind === "production_access") return { production_enabled: true };
  if (r.kind === "secure_orders_pilot") return { secure_orders_enabled: true };
  return { platform_plan: r.payload.plan };
}

function RequestCard({ r, locale, onChanged }: { r: PendingRequest; locale: Locale; onChanged: () => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const approve = useMutation({ mutationFn: () => apiFetch(`/ops-api/merchants/${encodeURIComponent(r.merchant_id)}`, { method: "PATCH", body: approval(r) }), onSuccess: onChanged });
  const reject = useMutation({ mutationFn: () => apiFetch(`/ops-api/requests/${encodeURIComponent(r.id)}/reject`, { method: "POST", body: { reason } }), onSuccess: onChanged });
  const error = approve.error ?? reject.error;

  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-request">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-ink">{t.kinds[r.kind]}</h2>
        <span className="text-ink">· {r.merchant_name}</span>
      </div>
      <p className="mt-1 text-xs text-muted">
        {t.received} <DateTime value={r.created_at} locale={locale} /> · <code className="font-mono">{r.merchant_id}</code>
      </p>
      {r.kind === "kyc" ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(r.payload)
            .filter(([, v]) => v !== "")
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold text-muted">{t.fields[k] ?? k}</dt>
                <dd className="break-words text-ink">{String(v)}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      {r.kind === "secure_orders_pilot" ? <p className="mt-2 text-sm text-ink">{t.pilot}</p> : null}
      {r.kind === "platform_plan" ? (
        <p className="mt-2 text-sm text-ink">
          {t.plan} <strong>{String(r.payload.plan)}</strong>
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={!hydrated}>
          {t.approve[r.kind]}
        </Button>
        {/* A pilot request is answered by enabling the feature; there is nothing to reject. */}
        {!rejecting && r.kind !== "secure_orders_pilot" ? (
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={!hydrated}>
            {t.reject}
          </Button>
        ) : null}
        <Link href={`/ops/merchants/${encodeURIComponent(r.merchant_id)}`} className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand underline">
          {t.merchant}
          <span className="sr-only"> {r.merchant_name}</span>
        </Link>
      </div>
      {rejecting ? (
        <QueueActionForm
          field={<Field label={c.reason} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required className="flex-1" />}
          submit={t.confirmReject}
          danger
          pending={reject.isPending}
          cancel={c.cancel}
          onSubmit={() => reject.mutate()}
          onCancel={() => setRejecting(false)}
        />
      ) : null}
      <QueueFailure label={c.failed} error={error} />
    </li>
  );
}

export function RequestsQueue({ locale, initial }: { locale: Locale; initial: PendingRequest[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["ops", "requests"], queryFn: () => apiFetch<PendingRequest[]>("/ops-api/requests"), initialData: initial, staleTime: 5_000 });
  const [announce, setAnnounce] = useState("");
  const onChanged = () => {
    setAnnounce(t.done);
    void queryClient.invalidateQueries({ queryKey: ["ops"] });
  };
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(r) => <RequestCard key={r.id} r={r} locale={locale} onChanged={onChanged} />}
    </QueuePage>
  );
}
