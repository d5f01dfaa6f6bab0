"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { parseAmountInput } from "@/lib/format/amount-input";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { Balance } from "@/lib/withdrawals/balance";
import type { WithdrawalQuote } from "@/lib/withdrawals/fees";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { errorMessages } from "@/components/data/error-messages";

export type WithdrawalsOverview = {
  balance: Balance;
  withdrawals: WithdrawalResource[];
  pagination: { page: number; limit: number; total: number; pages: number };
};

const copy = defineCopy({
  fr: {
    title: "Retraits",
    intro: "Retirez votre solde disponible vers un numéro mobile money. Notre équipe vérifie et exécute chaque retrait ; le montant reste réservé jusque-là.",
    available: "Disponible",
    reserved: "Réservé (retraits en cours)",
    held: "Bloqué (commandes sécurisées)",
    request: "Demander un retrait",
    amount: "Montant (FCFA, frais inclus)",
    amountHint: (min: string, max: string) => `Entre ${min} et ${max}. Espaces ou points acceptés : 50 000 ou 50.000.`,
    phone: "Numéro mobile money qui reçoit le retrait",
    phoneHint: "Par exemple 76 55 44 33 ou +223 76 55 44 33 : les espaces sont acceptés.",
    notes: "Note (facultatif)",
    fee: "Frais",
    net: "Vous recevez",
    quoting: "Calcul des frais…",
    submit: "Demander le retrait",
    requested: "Demande de retrait reçue. Le montant est réservé sur votre solde jusqu'au virement.",
    history: "Historique",
    none: "Aucun retrait pour l'instant.",
    reference: "Référence",
    date: "Date",
    status: "Statut",
    phoneCol: "Numéro",
    amountCol: "Montant",
    cancel: "Annuler",
    cancelConfirm: "Annuler ce retrait ?",
    cancelYes: "Oui, annuler",
    keep: "Non",
    loading: "Chargement…",
    loadError: "Impossible de charger les retraits. Réessayez.",
    retry: "Réessayer",
    previous: "Page précédente",
    next: "Page suivante",
    pageOf: (p: number, n: number) => `Page ${p} sur ${n}`,
    amountUnreadable: "Montant illisible : tapez un nombre entier de FCFA, par exemple 50 000, 50.000 ou 50000.",
    operatorRef: "Réf. opérateur :",
    rejection: "Motif :",
    open: (reference: string) => `Voir le retrait ${reference}`,
    errors: errorMessages.fr.withdrawals,
  },
  en: {
    title: "Withdrawals",
    intro: "Withdraw your available balance to a mobile-money number. Our team verifies and executes each withdrawal; the amount stays reserved until then.",
    available: "Available",
    reserved: "Reserved (withdrawals in progress)",
    held: "Held (secure orders)",
    request: "Request a withdrawal",
    amount: "Amount (FCFA, fee included)",
    amountHint: (min: string, max: string) => `Between ${min} and ${max}. Spaces or dots are fine: 50 000 or 50.000.`,
    phone: "Mobile-money number receiving the withdrawal",
    phoneHint: "For example 76 55 44 33 or +223 76 55 44 33: spaces are fine.",
    notes: "Note (optional)",
    fee: "Fee",
    net: "You receive",
    quoting: "Computing the fee…",
    submit: "Request the withdrawal",
    requested: "Withdrawal request received. The amount is reserved on your balance until the transfer.",
    history: "History",
    none: "No withdrawal yet.",
    reference: "Reference",
    date: "Date",
    status: "Status",
    phoneCol: "Number",
    amountCol: "Amount",
    cancel: "Cancel",
    cancelConfirm: "Cancel this withdrawal?",
    cancelYes: "Yes, cancel",
    keep: "No",
    loading: "Loading…",
    loadError: "Could not load the withdrawals. Try again.",
    retry: "Try again",
    previous: "Previous page",
    next: "Next page",
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    amountUnreadable: "Unreadable amount: type a whole number of FCFA, for example 50 000, 50.000 or 50000.",
    operatorRef: "Operator ref.:",
    rejection: "Reason:",
    open: (reference: string) => `Open withdrawal ${reference}`,
    errors: errorMessages.en.withdrawals,
  },
});

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Status and its one action share a cell, so both stay on a 360 px screen. */
function WithdrawalStatus({ w, locale, onCancel, busy }: { w: WithdrawalResource; locale: Locale; onCancel: () => void; busy: boolean }) {
  const t = copy[locale];
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <StatusBadge kind="withdrawal" status={w.status} locale={locale} />
      {w.status === "PENDING" ? (
        confirming ? (
          <ConfirmInline question={t.cancelConfirm} yes={t.cancelYes} no={t.keep} busy={busy} onYes={onCancel} onNo={() => setConfirming(false)} />
        ) : (
          <div className="mt-2">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t.cancel}
              <span className="sr-only"> {w.reference}</span>
            </Button>
          </div>
        )
      ) : null}
    </>
  );
}

export function WithdrawalsView({ locale, mode, initial, min, max }: { locale: Locale; mode: Mode; initial: WithdrawalsOverview; min: number; max: number }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const queryKey = ["withdrawals", mode, page];
  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<WithdrawalsOverview>(`/dashboard-api/withdrawals?page=${page}&limit=20`),
    initialData: page === 1 ? initial : undefined,
    staleTime: 5_000,
  });
  const [amount, setAmount] = useState("");
  const [phone, setPhone] = useState("");
  const [notes, setNotes] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const debounced = useDebounced(parseAmountInput(amount), 300);
  const amountValid = debounced !== null && debounced >= min && debounced <= max;
  const quote = useQuery({
    queryKey: ["withdrawal-quote", debounced],
    queryFn: () => apiFetch<WithdrawalQuote>(`/dashboard-api/withdrawals/quote?amount=${debounced}`),
    enabled: amountValid,
    staleTime: 60_000,
  });

  const message = (e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["withdrawals", mode] });

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<{ withdrawal: WithdrawalResource; message: string }>("/dashboard-api/withdrawals", { method: "POST", body }),
    onMutate: () => {
      setError(null);
      setNotice(null);
      setFieldErrors({});
    },
    onSuccess: () => {
      setNotice(t.requested);
      setAmount("");
      setNotes("");
      setPage(1);
      void refresh();
    },
    onError: (e) => {
      const msg = message(e);
      if (e instanceof ApiClientError && e.param && ["amount", "phone_number", "notes"].includes(e.param)) setFieldErrors({ [e.param]: msg });
      else setError(msg);
      if (e instanceof ApiClientError && e.code === "FEE_CHANGED") void quote.refetch();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch<WithdrawalResource>(`/dashboard-api/withdrawals/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSettled: () => void refresh(),
    onError: (e) => setError(message(e)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty field goes to the API, which says the amount is required; an unreadable one never leaves the page.
    const n = amount.trim() === "" ? undefined : parseAmountInput(amount);
    if (n === null) {
      setError(null);
      setNotice(null);
      setFieldErrors({ amount: t.amountUnreadable });
      return;
    }
    const body: Record<string, unknown> = { amount: n, provider: "OPERATOR_MONEY", phone_number: phone };
    if (notes.trim()) body.notes = notes.trim();
    if (quote.data && quote.data.amount === n) body.quoted_fee = quote.data.fee;
    create.mutate(body);
  }

  const data = query.data;
  const balance = data?.balance ?? initial.balance;

  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>

      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {(
          [
            ["available", t.available, balance.available],
            ["reserved", t.reserved, balance.reserved],
            ["held", t.held, balance.held],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink" data-testid={`balance-${key}`}>
              {formatXof(value)}
            </dd>
          </div>
        ))}
      </dl>

      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      <Alert tone="success" variant="inline" className="mt-2">
        {notice ?? ""}
      </Alert>

      <section aria-labelledby="wd-request" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wd-request" className="text-lg font-semibold text-ink">
          {t.request}
        </h2>
        <form method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field
            label={t.amount}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={t.amountHint(formatXof(min), formatXof(max))}
            error={fieldErrors.amount}
          />
          <Field label={t.phone} name="phone_number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} hint={t.phoneHint} error={fieldErrors.phone_number} />
          <Field label={t.notes} name="notes" maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} error={fieldErrors.notes} className="sm:col-span-2" />
          <div className="sm:col-span-2" aria-live="polite" data-testid="withdrawal-quote">
            {amountValid && quote.data ? (
              <p className="text-sm text-ink">
                {t.fee} : <strong>{formatXof(quote.data.fee)}</strong> · {t.net} : <strong>{formatXof(quote.data.net_amount)}</strong>
              </p>
            ) : amountValid && quote.isFetching ? (
              <p className="text-sm text-muted">{t.quoting}</p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} disabled={!hydrated}>
              {t.submit}
            </Button>
          </div>
        </form>
      </section>

      <section aria-labelledby="wd-history" className="mt-8">
        <h2 id="wd-history" className="text-lg font-semibold text-ink">
          {t.history}
        </h2>
        {query.isError && !data ? (
          <div role="alert" className="mt-2 text-sm text-danger-strong">
            {t.loadError}{" "}
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : !data ? (
          <Spinner label={t.loading} />
        ) : data.withdrawals.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto rounded-2xl border border-line bg-surface p-3" tabIndex={0} role="region" aria-label={t.history}>
            <DataTable
              className="sm:min-w-[640px]"
              rows={data.withdrawals}
              rowKey={(w) => w.id}
              rowProps={() => ({ "data-testid": "withdrawal-row" })}
              empty={t.none}
              columns={[
                { key: "date", header: t.date, from: "sm", cell: (w) => <DateTime value={w.created_at} locale={locale} /> },
                {
                  key: "reference",
                  header: t.reference,
                  cell: (w) => (
                    <>
                      <Link
                        href={`/dashboard/withdrawals/${encodeURIComponent(w.id)}${locale === "en" ? "?lang=en" : ""}`}
                        aria-label={t.open(w.reference)}
                        className="font-mono text-xs font-semibold break-all text-brand underline"
                      >
                        {w.reference}
                      </Link>
                      <DateTime value={w.created_at} locale={locale} className="mt-1 block text-xs text-muted sm:hidden" />
                      {w.operator_reference ? (
                        <p className="mt-1 text-xs text-ink" data-testid="withdrawal-operator-reference">
                          {t.operatorRef} <code className="font-mono break-all">{w.operator_reference}</code>
                        </p>
                      ) : null}
                      {w.rejection_reason ? (
                        <p className="mt-1 text-xs break-words text-ink">
                          {t.rejection} {w.rejection_reason}
                        </p>
                      ) : null}
                    </>
                  ),
                },
                { key: "amount", header: t.amountCol, className: "whitespace-nowrap", cell: (w) => formatXof(w.amount), cellProps: () => ({ "data-testid": "withdrawal-amount" }) },
                { key: "phone", header: t.phoneCol, from: "sm", cell: (w) => w.phone_number },
                {
                  key: "status",
                  header: t.status,
                  cell: (w) => <WithdrawalStatus w={w} locale={locale} busy={cancel.isPending && cancel.variables === w.id} onCancel={() => cancel.mutate(w.id)} />,
                  cellProps: () => ({ "data-testid": "withdrawal-status" }),
                },
              ]}
            />
          </div>
        )}
        {data && data.pagination.pages > 1 ? (
          <nav aria-label={t.pageOf(page, data.pagination.pages)} className="mt-3 flex items-center gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t.previous}
            </Button>
            <span className="text-sm text-muted">{t.pageOf(page, data.pagination.pages)}</span>
            <Button variant="secondary" disabled={page >= data.pagination.pages} onClick={() => setPage((p) => p + 1)}>
              {t.next}
            </Button>
          </nav>
        ) : null}
      </section>
    </PageFrame>
  );
}
