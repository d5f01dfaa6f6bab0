"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { BALANCE_LABELS, BALANCE_TRANSACTION_LABELS } from "@/lib/books/balance-transaction-types";
import type { BalanceTransaction } from "@/lib/books/schemas";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { fetchEnvelope } from "@/components/data/fetch-json";
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
  const body = await fetchEnvelope<BalanceTransaction[], { has_more: boolean }>(`/dashboard-api/balance/transactions?${q}`);
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
          <DataTable
            className="mt-3"
            phone="cards"
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={() => ({ "data-testid": "balance-row" })}
            empty={t.none}
            columns={[
              { key: "date", header: t.date, className: "text-muted max-sm:col-span-2 max-sm:p-0 max-sm:text-xs", cell: (r) => <DateTime value={r.created_at} locale={locale} /> },
              { key: "movement", header: t.movement, className: "font-semibold text-ink max-sm:p-0 max-sm:break-words", cell: (r) => BALANCE_TRANSACTION_LABELS[r.type][locale] },
              { key: "balance", header: t.balance, className: "text-muted max-sm:col-start-1 max-sm:row-start-3 max-sm:p-0 max-sm:text-xs", cell: (r) => BALANCE_LABELS[r.balance][locale] },
              {
                key: "amount",
                header: t.amount,
                align: "right",
                className: "font-semibold whitespace-nowrap max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0",
                cell: (r) => <span className={r.amount < 0 ? "text-danger" : "text-brand"}>{signed(r.amount)}</span>,
              },
              {
                key: "after",
                header: t.after,
                align: "right",
                className: "whitespace-nowrap text-ink max-sm:col-start-2 max-sm:row-start-3 max-sm:p-0 max-sm:text-xs max-sm:text-muted",
                cell: (r) => (
                  <>
                    <span className="sm:hidden">{t.after} : </span>
                    {formatXof(r.balance_after)}
                  </>
                ),
              },
            ]}
          />
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
