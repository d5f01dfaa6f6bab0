"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { NotificationKind } from "@/lib/notifications/kinds";
import type { NotificationSettings } from "@/lib/notifications/opt-outs";

const PATH = "/dashboard-api/account/notifications";

const copy = defineCopy({
  fr: {
    title: "Notifications par e-mail",
    intro: (email: string) => `Les e-mails sont envoyés à ${email}. Cochez ceux que vous voulez recevoir.`,
    legend: "E-mails reçus",
    kinds: {
      withdrawal_updates: { label: "Retraits", hint: "Un retrait approuvé, payé ou refusé par notre équipe." },
      webhook_failing: { label: "Webhook en échec", hint: "Un de vos webhooks échoue depuis 24 heures sans interruption." },
      dispute_opened: { label: "Litiges", hint: "Un acheteur ouvre un litige sur une commande sécurisée." },
      production_opened: { label: "Accès à la production", hint: "Notre équipe ouvre l'accès à la production de votre compte." },
      weekly_summary: { label: "Résumé de la semaine", hint: "Chaque lundi matin : l'encaissé, le nombre de paiements et le taux de réussite de la semaine passée, comparés à la précédente." },
    } satisfies Record<NotificationKind, { label: string; hint: string }>,
    save: "Enregistrer",
    saved: "Préférences enregistrées.",
    notRecipient: "Ces e-mails (retraits, webhooks en échec, litiges, accès à la production, résumé de la semaine) sont envoyés aux propriétaires et aux responsables financiers du compte. Votre rôle n'en reçoit pas ; demandez à un propriétaire de changer votre rôle si vous en avez besoin.",
    customers: "Vos clients reçoivent aussi un reçu pour chaque paiement réussi, et le lien de leur espace client à la création d'un abonnement, quand vous avez donné leur adresse e-mail (customer_email).",
    errors: { NETWORK_ERROR: "Connexion impossible. Vérifiez votre réseau et réessayez.", other: "L'enregistrement a échoué. Réessayez dans un instant." } as Record<string, string>,
  },
  en: {
    title: "E-mail notifications",
    intro: (email: string) => `E-mails are sent to ${email}. Tick the ones you want to receive.`,
    legend: "E-mails you receive",
    kinds: {
      withdrawal_updates: { label: "Withdrawals", hint: "A withdrawal approved, paid or rejected by our team." },
      webhook_failing: { label: "Failing webhook", hint: "One of your webhooks has been failing for 24 hours straight." },
      dispute_opened: { label: "Disputes", hint: "A buyer opens a dispute on a secure order." },
      production_opened: { label: "Production access", hint: "Our team opens production access for your account." },
      weekly_summary: { label: "Weekly summary", hint: "Every Monday morning: last week's collected total, number of payments and success rate, compared with the week before." },
    },
    save: "Save",
    saved: "Preferences saved.",
    notRecipient: "These e-mails (withdrawals, failing webhooks, disputes, production access, weekly summary) go to the account's owners and finance members. Your role does not receive them; ask an owner to change your role if you need them.",
    customers: "Your customers also get a receipt for each successful payment, and their customer-space link when a subscription is created, when you gave their e-mail address (customer_email).",
    errors: { NETWORK_ERROR: "Could not connect. Check your network and try again.", other: "Saving failed. Try again in a moment." },
  },
});

export function NotificationSettingsView({ locale, email, initial }: { locale: Locale; email: string; initial: NotificationSettings }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["notification-settings"], queryFn: () => apiFetch<NotificationSettings>(PATH), initialData: initial, staleTime: 10_000 });
  const settings = query.data;
  const [enabled, setEnabled] = useState<Record<NotificationKind, boolean>>(() => Object.fromEntries(initial.kinds.map((k) => [k.kind, k.enabled])) as Record<NotificationKind, boolean>);
  const save = useMutation({
    mutationFn: (optOuts: NotificationKind[]) => apiFetch<NotificationSettings>(PATH, { method: "PUT", body: { opt_outs: optOuts } }),
    onSuccess: (data) => queryClient.setQueryData(["notification-settings"], data),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settings.kinds.map((k) => k.kind).filter((kind) => !enabled[kind]));
  };
  const error = save.error instanceof ApiClientError ? (t.errors[save.error.code] ?? t.errors.other) : save.error ? t.errors.other : null;

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <section aria-labelledby="notifications-kinds" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        {settings.receives ? (
          <form method="post" noValidate onSubmit={onSubmit}>
            <p className="text-sm text-muted break-words">{t.intro(email)}</p>
            <fieldset className="mt-4">
              <legend id="notifications-kinds" className="text-lg font-semibold text-ink">
                {t.legend}
              </legend>
              <ul className="mt-3 space-y-3">
                {settings.kinds.map(({ kind }) => (
                  <li key={kind}>
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-canvas">
                      <input
                        type="checkbox"
                        name={kind}
                        className="mt-1 size-5 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                        checked={enabled[kind]}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          save.reset();
                          setEnabled((current) => ({ ...current, [kind]: checked }));
                        }}
                        aria-describedby={`notification-${kind}-hint`}
                      />
                      <span>
                        <span className="block font-medium text-ink">{t.kinds[kind].label}</span>
                        <span id={`notification-${kind}-hint`} className="block text-sm text-muted">
                          {t.kinds[kind].hint}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button type="submit" loading={save.isPending} disabled={!hydrated}>
                {t.save}
              </Button>
              {save.isSuccess ? (
                <p role="status" className="text-sm font-medium text-brand-strong">
                  {t.saved}
                </p>
              ) : null}
              {error ? (
                <p role="alert" className="text-sm font-medium text-danger">
                  {error}
                </p>
              ) : null}
            </div>
          </form>
        ) : (
          <>
            <h2 id="notifications-kinds" className="text-lg font-semibold text-ink">
              {t.legend}
            </h2>
            <p className="mt-2 text-sm text-ink">{t.notRecipient}</p>
          </>
        )}
        <p className="mt-4 border-t border-line pt-4 text-sm text-muted">{t.customers}</p>
      </section>
    </div>
  );
}
