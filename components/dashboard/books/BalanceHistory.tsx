"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { BALANCE_LABELS, BALANCE_TRANSACTION_LABELS } from "@/lib/books/balance-transaction-types";
import type { BalanceTransaction } from "@/lib/books/schemas";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError } from "../api";
import { DateTime } from "../DateTime";

const PAGE = 20;

const copy = defineCopy({
  fr: {
    title: "Historique du solde",
    intro: "Chaque mouvement de vos soldes, du plus récent au plus ancien, avec le solde qui en résulte.",
    date: "Date",
    movement: "Mouvement",
    balance: "Solde concerné",
    amount: "Montant",
    after: "Solde après",
    none: "Aucun mouvement pour l'instant : vos paiements encaissés et vos retraits apparaîtront ici.",
    older: "Plus anciens",
    loading: "Chargement de l'historique…",
    error: "Impossible de charger l'historique du solde.",
    retry: "Réessayer",
    end: "Début de l'historique atteint.",
  },
  en: {
    title: "Balance history",
    intro: "Every movement of your balances, newest first, with the balance it leaves.",
    date: "Date",
    movement: "Movement",
    balance: "Balance",
    amount: "Amount",
    after: "Balance after",
    none: "No movement yet: your collected payments and withdrawals will show here.",
    older: "Older",
    loading: "Loading the history…",
    error: "Could not load the balance history.",
    retry: "Try again",
    end: "You reached the start of the history.",
  },
});

type Page = { data: BalanceTransaction[]; has_more: boolean };

async function fetchPage(startingAfter: string | undefined): Promise<Page> {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (startingAfter) q.set("starting_after", startingAfter);
  const response = await fetch(`/dashboard-api/balance/transactions?${q}`, { credentials: "same-origin" });
  const body = (await response.json().catch(() => ({}))) as { success?: boolean; data?: BalanceTransaction[]; has_more?: boolean; error?: { code: string; message: string } };
  if (!response.ok || !body.success || !body.data) throw new ApiClientError(body.error?.code ?? "INTERNAL_ERROR", body.error?.message ?? `HTTP ${response.status}`, response.status);
  return { data: body.data, has_more: Boolean(body.has_more) };
}

const signed = (amount: number) => (amount > 0 ? `+${formatXof(amount)}` : formatXof(amount));

/** The withdrawals page's balance history: plain-language movements, never ledger account names. */
export function BalanceHistory({ locale, mode }: { locale: Locale; mode: Mode }) {
  const t = copy[locale];
  const headingId = useId();
  const query = useInfiniteQuery({
    queryKey: ["balance-transactions", mode],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.data.at(-1)?.id : undefined),
  });
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="balance-history">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      {query.isPending ? (
        <div className="mt-3">
          <Spinner label={t.loading} />
        </div>
      ) : query.isError && rows.length === 0 ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-danger">{t.error}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-muted">{t.none}</p>
      ) : (
        <>
          <table className="mt-3 w-full text-left text-sm max-sm:block">
            <thead className="text-muted max-sm:sr-only">
              <tr>
                <th scope="col" className="py-2 pr-3">{t.date}</th>
                <th scope="col" className="py-2 pr-3">{t.movement}</th>
                <th scope="col" className="py-2 pr-3">{t.balance}</th>
                <th scope="col" className="py-2 pr-3 text-right">{t.amount}</th>
                <th scope="col" className="py-2 text-right">{t.after}</th>
              </tr>
            </thead>
            <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-2">
              {rows.map((r) => (
                <tr
                  key={r.id}
                  data-testid="balance-row"
                  className="border-t border-line max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:rounded-xl max-sm:border max-sm:bg-surface max-sm:p-3"
                >
                  <td className="py-2 pr-3 text-muted max-sm:col-span-2 max-sm:p-0 max-sm:text-xs">
                    <DateTime value={r.created_at} locale={locale} />
                  </td>
                  <td className="py-2 pr-3 font-semibold text-ink max-sm:p-0 max-sm:break-words">{BALANCE_TRANSACTION_LABELS[r.type][locale]}</td>
                  <td className="py-2 pr-3 text-muted max-sm:col-start-1 max-sm:row-start-3 max-sm:p-0 max-sm:text-xs">{BALANCE_LABELS[r.balance][locale]}</td>
                  <td className={`py-2 pr-3 text-right font-semibold whitespace-nowrap max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0 ${r.amount < 0 ? "text-danger" : "text-brand"}`}>
                    {signed(r.amount)}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap text-ink max-sm:col-start-2 max-sm:row-start-3 max-sm:p-0 max-sm:text-xs max-sm:text-muted">
                    <span className="sm:hidden">{t.after} : </span>
                    {formatXof(r.balance_after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {query.hasNextPage ? (
              <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
                {t.older}
              </Button>
            ) : (
              <p className="text-sm text-muted">{t.end}</p>
            )}
            {query.isFetchNextPageError ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {t.error}
              </p>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
