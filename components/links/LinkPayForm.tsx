"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { parseAmountInput } from "@/lib/format/amount-input";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { linkCopy } from "./copy";

/** What the form answered when it was posted without JavaScript (the page's server action); `at` 0 = nothing posted yet. */
export type LinkFormState = { code: string | null; at: number };

type Props = {
  locale: Locale;
  /** Server action bound to the link: the form works before (or without) the page's script. */
  action: (state: LinkFormState, formData: FormData) => Promise<LinkFormState>;
  slug: string;
  mode: "FIXED" | "OPEN";
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
};

/**
 * The link page's form: the amount (OPEN links, within the link's bounds) and the customer's
 * number; it asks POST /v1/payment-links/{slug}/checkout for a payment and sends the customer to
 * the hosted checkout, where the collection is pushed to their phone. Before the script has
 * loaded (or without it), the same form posts to a server action doing the same: a POST, never
 * the number in a URL.
 */
export function LinkPayForm({ locale, action, slug, mode, amount, minAmount, maxAmount }: Props) {
  const t = linkCopy[locale];
  const min = minAmount ?? 100;
  const max = maxAmount ?? 5_000_000;
  const [answer, formAction] = useActionState(action, { code: null, at: 0 });
  const errorsOf = (code: string | null) => ({
    amount: code === "AMOUNT_OUT_OF_RANGE" ? t.amountInvalid(formatXof(min), formatXof(max)) : null,
    phone: code === "MISSING_PHONE" ? t.phoneMissing : code === "INVALID_PHONE" ? t.phoneInvalid : null,
    form: code === "RATE_LIMIT_EXCEEDED" ? t.tooMany : code === "LINK_UNAVAILABLE" ? t.unavailable : code && !["AMOUNT_OUT_OF_RANGE", "MISSING_PHONE", "INVALID_PHONE", "LINK_INACTIVE", "LINK_ARCHIVED"].includes(code) ? t.networkError : null,
  });
  const [value, setValue] = useState("");
  const [phone, setPhone] = useState("");
  const [amountError, setAmountError] = useState<string | null>(() => errorsOf(answer.code).amount);
  const [phoneError, setPhoneError] = useState<string | null>(() => errorsOf(answer.code).phone);
  const [formError, setFormError] = useState<string | null>(() => errorsOf(answer.code).form);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  // A post React replayed after hydration (a tap just before the script ran): show its answer.
  const seen = useRef(answer.at);
  useEffect(() => {
    if (answer.at === seen.current) return;
    seen.current = answer.at;
    const errors = errorsOf(answer.code);
    setAmountError(errors.amount);
    setPhoneError(errors.phone);
    setFormError(errors.form);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  // "35 000", "35.000" or "35 000 FCFA" as typed (lib/format/amount-input.ts); null when unreadable.
  const chosen = mode === "OPEN" ? parseAmountInput(value) : amount!;
  const amountOk = mode === "FIXED" || (chosen !== null && chosen >= min && chosen <= max);
  const amountProblem = () => (chosen === null && value.trim() !== "" ? t.amountUnreadable(formatXof(min), formatXof(max)) : t.amountInvalid(formatXof(min), formatXof(max)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second tap while the first is in flight does nothing (the button stays in place, disabled).
    if (inFlight.current) return;
    setFormError(null);
    let bad = false;
    if (!amountOk) {
      setAmountError(amountProblem());
      bad = true;
    } else setAmountError(null);
    if (phone.trim() === "") {
      setPhoneError(t.phoneMissing);
      bad = true;
    } else setPhoneError(null);
    if (bad) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { redirect_url } = await apiFetch<{ redirect_url: string }>(`/v1/payment-links/${encodeURIComponent(slug)}/checkout`, {
        method: "POST",
        body: mode === "OPEN" ? { customer_phone: phone, amount: chosen } : { customer_phone: phone },
      });
      window.location.assign(redirect_url);
      return;
    } catch (error) {
      const code = error instanceof ApiClientError ? error.code : "NETWORK_ERROR";
      if (code === "INVALID_PHONE" || code === "MISSING_PHONE") setPhoneError(code === "MISSING_PHONE" ? t.phoneMissing : t.phoneInvalid);
      else if (code === "AMOUNT_OUT_OF_RANGE") setAmountError(t.amountInvalid(formatXof(min), formatXof(max)));
      else if (code === "RATE_LIMIT_EXCEEDED") setFormError(t.tooMany);
      else if (code === "LINK_INACTIVE" || code === "LINK_ARCHIVED" || code === "LINK_UNAVAILABLE") {
        // The link changed under the customer: the page says what it is now.
        window.location.reload();
        return;
      } else setFormError(t.networkError);
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form action={formAction} onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
      {mode === "OPEN" ? (
        <Field
          label={t.amountLabel}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint={t.amountHint(formatXof(min), formatXof(max))}
          error={amountError}
          required
        />
      ) : null}
      <Field
        label={t.phoneLabel}
        name="customer_phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        hint={t.phoneHint}
        error={phoneError}
        required
      />
      {formError ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm text-ink">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t.redirecting : mode === "FIXED" ? t.pay(formatXof(amount!)) : amountOk && chosen !== null ? t.pay(formatXof(chosen)) : t.payOpen}
      </Button>
      <p className="text-center text-sm text-muted">{t.secure}</p>
    </form>
  );
}
