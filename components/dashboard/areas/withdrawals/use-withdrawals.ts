"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { Mode } from "@/db/schema";
import { parseAmountInput } from "@/lib/format/amount-input";
import type { Locale } from "@/lib/i18n/locale";
import type { Balance } from "@/lib/withdrawals/balance";
import type { WithdrawalQuote } from "@/lib/withdrawals/fees";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { withdrawalsCopy } from "./copy";

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export type WithdrawalsOverview = {
  balance: Balance;
  withdrawals: WithdrawalResource[];
  pagination: { page: number; limit: number; total: number; pages: number };
};

/**
 * The withdrawals page's data and requests: the balance and history, the fee quote for the amount
 * being typed, and the request and cancel mutations with the words for their outcome.
 */
export function useWithdrawals({ locale, mode, initial, min, max }: { locale: Locale; mode: Mode; initial: WithdrawalsOverview; min: number; max: number }) {
  const t = withdrawalsCopy[locale];
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
  const [cancelError, setCancelError] = useState<string | null>(null);
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
      setCancelError(null);
      setNotice(null);
      setFieldErrors({});
    },
    onSuccess: ({ withdrawal }) => {
      setNotice(withdrawal.status === "AWAITING_APPROVAL" ? t.requestedAwaiting : t.requested);
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
      setCancelError(null);
      setNotice(null);
    },
    onSettled: () => void refresh(),
    onError: (e) => setCancelError(message(e)),
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

  return { amount, amountValid, balance, cancel, cancelError, create, data, error, fieldErrors, notes, notice, onSubmit, page, phone, query, quote, setAmount, setNotes, setPage, setPhone };
}
