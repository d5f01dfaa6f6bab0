"use client";

import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { Select } from "../Select";
import { errorText, requestExport } from "./exportRequest";
import { statementMonths, statementRange } from "@/lib/books/statement-months";

const copy = defineCopy({
  fr: {
    title: "Relevé mensuel",
    intro: "Un PDF par mois : solde d'ouverture, encaissements, frais, retraits et solde de clôture.",
    month: "Mois",
    language: "Langue du relevé",
    languages: { fr: "Français", en: "Anglais" },
    submit: "Télécharger le relevé (PDF)",
    working: "Préparation du relevé…",
    saved: (name: string) => `Téléchargement lancé : ${name}.`,
    toDate: (month: string) => `${month} (à ce jour)`,
  },
  en: {
    title: "Monthly statement",
    intro: "One PDF per month: opening balance, collections, fees, withdrawals and closing balance.",
    month: "Month",
    language: "Statement language",
    languages: { fr: "French", en: "English" },
    submit: "Download the statement (PDF)",
    working: "Preparing the statement…",
    saved: (name: string) => `Download started: ${name}.`,
    toDate: (month: string) => `${month} (to date)`,
  },
});

/**
 * The withdrawals page's statement download, in French or English: the current month to date
 * (the default) or an earlier month since the account was created.
 */
export function StatementPanel({ locale, accountCreatedAt }: { locale: Locale; accountCreatedAt: string }) {
  const t = copy[locale];
  const months = useMemo(
    () => statementMonths(new Date(accountCreatedAt), new Date(), locale).map((m) => ({ value: m.value, label: m.current ? t.toDate(m.label) : m.label })),
    [accountCreatedAt, locale, t],
  );
  const [month, setMonth] = useState(months[0].value);
  const [language, setLanguage] = useState<Locale>(locale);
  const [state, setState] = useState<{ step: "idle" | "working" } | { step: "saved"; fileName: string } | { step: "error"; message: string }>({ step: "idle" });
  const headingId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (state.step === "working") return;
    setState({ step: "working" });
    try {
      const outcome = await requestExport({ type: "statement", format: "pdf", locale: language, ...statementRange(month, new Date()) });
      setState(outcome.kind === "file" ? { step: "saved", fileName: outcome.fileName } : { step: "idle" });
    } catch (err) {
      setState({ step: "error", message: errorText(locale, err) });
    }
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-line bg-surface p-4" data-testid="statement-panel">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
        <Select label={t.month} value={month} onChange={(e) => setMonth(e.target.value)} options={months} />
        <Select
          label={t.language}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          options={(["fr", "en"] as const).map((value) => ({ value, label: t.languages[value] }))}
        />
        <Button type="submit" loading={state.step === "working"}>
          {state.step === "working" ? t.working : t.submit}
        </Button>
      </form>
      {state.step === "saved" ? (
        <p ref={messageRef} tabIndex={-1} role="status" className="mt-3 text-sm text-ink outline-none">
          {t.saved(state.fileName)}
        </p>
      ) : null}
      {state.step === "error" ? (
        <p ref={messageRef} tabIndex={-1} role="alert" className="mt-3 text-sm font-semibold text-danger outline-none">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
