"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
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
  mode: "FIXED" | "OPEN";
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
};

/**
 * The link page's form: the amount (OPEN links, within the link's bounds) and the customer's
 * number. One tap creates the payment, pushes the collection to that number and lands on the
 * hosted checkout's waiting screen (the server action: a POST, never the number in a URL). With
 * the script, the form checks what it can first and posts the same action; without it, the
 * browser posts it.
 */
export function LinkPayForm({ locale, action, mode, amount, minAmount, maxAmount }: Props) {
  const t = linkCopy[locale];
  const min = minAmount ?? 100;
  const max = maxAmount ?? 5_000_000;
  const [answer, formAction, busy] = useActionState(action, { code: null, at: 0 });
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
  // The action's answer when it did not lead to the checkout: show it.
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
  // The link changed under the customer: the page says what it is now.
  useEffect(() => {
    if (answer.code === "LINK_INACTIVE" || answer.code === "LINK_ARCHIVED") window.location.reload();
  }, [answer]);
  // "35 000", "35.000" or "35 000 FCFA" as typed (lib/format/amount-input.ts); null when unreadable.
  const chosen = mode === "OPEN" ? parseAmountInput(value) : amount!;
  const amountOk = mode === "FIXED" || (chosen !== null && chosen >= min && chosen <= max);
  const amountProblem = () => (chosen === null && value.trim() !== "" ? t.amountUnreadable(formatXof(min), formatXof(max)) : t.amountInvalid(formatXof(min), formatXof(max)));

  function submit(event: FormEvent<HTMLFormElement>) {
    // A second tap while the first is in flight does nothing (the button stays in place, disabled).
    if (busy) {
      event.preventDefault();
      return;
    }
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
    // Valid: the form's action runs (React posts it), as it would without the script.
    if (bad) event.preventDefault();
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
