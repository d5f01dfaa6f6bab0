import Link from "next/link";
import type { ReactNode } from "react";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { Badge } from "../Badge";
import { DateTime } from "../DateTime";
import { StatusBadge } from "../StatusBadge";
import { approvalCopy } from "./withdrawals/approval-copy";
import { ApprovalPanel, type ApprovalViewer } from "./withdrawals/ApprovalPanel";
import { Amount } from "@/components/ui/Amount";
import { formatPhone } from "@/lib/format/phone";

const copy = defineCopy({
  fr: {
    back: "Retour aux retraits",
    title: (amount: string) => `Retrait de ${amount}`,
    amount: "Montant demandé (frais inclus)",
    fee: "Frais",
    net: "Envoyé au numéro",
    phone: "Numéro mobile money",
    notes: "Note",
    source: "Demandé depuis",
    sources: { dashboard: "le tableau de bord", api: "l'API" },
    operatorRef: "Référence de l'opérateur",
    operatorRefHint: "Donnée par l'opérateur pour le virement : citez-la si le bénéficiaire ne voit pas l'argent arriver.",
    operatorRefPending: "Donnée quand notre équipe a exécuté le virement.",
    rejection: "Motif du refus",
    history: "Historique",
    steps: { created_at: "Demandé", approved_at: "Approuvé", completed_at: "Versé", rejected_at: "Refusé", cancelled_at: "Annulé" },
  },
  en: {
    back: "Back to withdrawals",
    title: (amount: string) => `Withdrawal of ${amount}`,
    amount: "Amount requested (fee included)",
    fee: "Fee",
    net: "Sent to the number",
    phone: "Mobile-money number",
    notes: "Note",
    source: "Requested from",
    sources: { dashboard: "the dashboard", api: "the API" },
    operatorRef: "Operator reference",
    operatorRefHint: "Given by the operator for the transfer: quote it if the recipient does not see the money arrive.",
    operatorRefPending: "Given once our team has made the transfer.",
    rejection: "Reason for rejection",
    history: "History",
    steps: { created_at: "Requested", approved_at: "Approved", completed_at: "Paid out", rejected_at: "Rejected", cancelled_at: "Cancelled" },
  },
});

const STEPS = ["created_at", "approved_at", "completed_at", "rejected_at", "cancelled_at"] as const;

/** One withdrawal for its merchant: the money, where it went, the team's approval, and the operator's reference once paid out. */
export function WithdrawalDetail({ w, locale, viewer }: { w: WithdrawalResource; locale: Locale; viewer: ApprovalViewer }) {
  const t = copy[locale];
  const facts: { id: string; label: string; value: ReactNode; hint?: string }[] = [
    { id: "amount", label: t.amount, value: <Amount value={w.amount} /> },
    { id: "fee", label: t.fee, value: <Amount value={w.fee} /> },
    { id: "net", label: t.net, value: <Amount value={w.net_amount} /> },
    { id: "phone", label: t.phone, value: <span className="whitespace-nowrap">{formatPhone(w.phone_number)}</span> },
    {
      id: "operator-reference",
      label: t.operatorRef,
      value: w.operator_reference ? (
        <code className="font-mono break-all">{w.operator_reference}</code>
      ) : w.status === "PENDING" || w.status === "APPROVED" || w.status === "AWAITING_APPROVAL" ? (
        t.operatorRefPending
      ) : (
        "—"
      ),
      hint: w.operator_reference ? t.operatorRefHint : undefined,
    },
    ...(w.rejection_reason ? [{ id: "rejection", label: t.rejection, value: w.rejection_reason }] : []),
    ...(w.notes ? [{ id: "notes", label: t.notes, value: w.notes }] : []),
    { id: "source", label: t.source, value: t.sources[w._source] },
  ];
  return (
    <div>
      <Link href={`/dashboard/withdrawals${locale === "en" ? "?lang=en" : ""}`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-ink">{t.title(formatXof(w.amount))}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm break-all text-muted">{w.reference}</code>
        <span data-testid="withdrawal-status">
          {w.status === "AWAITING_APPROVAL" ? <Badge tone="warning">{approvalCopy[locale].awaiting}</Badge> : <StatusBadge kind="withdrawal" status={w.status} locale={locale} />}
        </span>
      </p>
      <dl className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map((f) => (
          <div key={f.id} className="min-w-0">
            <dt className="text-sm font-semibold text-muted">{f.label}</dt>
            <dd className="break-words text-ink" data-testid={`withdrawal-${f.id}`}>
              {f.value}
            </dd>
            {f.hint ? <dd className="text-xs text-muted">{f.hint}</dd> : null}
          </div>
        ))}
      </dl>
      <ApprovalPanel w={w} locale={locale} viewer={viewer} />
      <section aria-labelledby="wd-history" className="mt-6 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wd-history" className="text-lg font-semibold text-ink">
          {t.history}
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-line pl-4">
          {STEPS.filter((step) => w[step]).map((step) => (
            <li key={step}>
              <span className="font-semibold text-ink">{t.steps[step]}</span> · <DateTime value={w[step]!} locale={locale} className="text-sm text-muted" />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
