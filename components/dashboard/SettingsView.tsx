"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { RequestView } from "@/lib/auth/requests";
import type { SettingsView as SettingsData } from "@/lib/auth/settings";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { OPERATOR_LABEL_MAX, operatorLabel } from "@/lib/operator/port";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Badge, type BadgeTone } from "./Badge";
import { DateTime } from "./DateTime";
import { useHydrated } from "./useHydrated";
import { errorMessages } from "@/components/data/error-messages";

const KYC_FIELDS = ["legal_name", "registration_number", "tax_id", "address", "contact_name", "contact_phone", "activity"] as const;
type KycField = (typeof KYC_FIELDS)[number];

const copy = defineCopy({
  fr: {
    title: "Paramètres",
    profile: "Profil de l'entreprise",
    name: "Nom du commerce",
    nameHint: "Affiché à vos clients sur leur téléphone au moment de payer.",
    preview: "Vos clients verront :",
    previewNote: (max: number) => `Libellé opérateur, ${max} caractères au plus (le nom est coupé au-delà).`,
    save: "Enregistrer",
    saved: "Profil enregistré.",
    kyc: "Vérification de l'entreprise (KYC)",
    kycIntro: "Nécessaire pour les retraits et l'accès à la production. Notre équipe vérifie vos informations.",
    kycApproved: "Votre entreprise est vérifiée.",
    kycPending: (date: ReactNode) => <>Informations envoyées le {date} : en cours d&apos;examen. Vous pouvez les corriger ci-dessous.</>,
    kycRejected: "Votre vérification a été refusée. Corrigez vos informations et renvoyez-les.",
    reason: "Motif :",
    fields: {
      legal_name: "Raison sociale",
      registration_number: "Numéro RCCM",
      tax_id: "NIF (facultatif)",
      address: "Adresse",
      contact_name: "Nom du responsable",
      contact_phone: "Téléphone du responsable",
      activity: "Activité",
    } satisfies Record<KycField, string>,
    hints: { contact_phone: "Par exemple 76 55 44 33 ou +223 76 55 44 33 : les espaces sont acceptés.", registration_number: "Par exemple MA.BKO.2024.B.1234." } as Partial<Record<KycField, string>>,
    submitKyc: "Envoyer pour vérification",
    kycSent: "Informations envoyées. Notre équipe vous répond rapidement.",
    plan: "Abonnement à la plateforme",
    planIntro: "Un abonnement payant et à jour est nécessaire pour utiliser vos clés de production.",
    planPayment:
      "Le paiement de l'abonnement se fait auprès de notre équipe (mobile money ou facture) : choisissez une offre, nous vous contactons, et l'offre est activée pour 30 jours dès réception du paiement.",
    currentPlan: "Offre actuelle :",
    none: "aucune",
    until: "jusqu'au",
    expired: "échue le",
    perMonth: "par mois",
    cap: "Plafond mensuel en production :",
    noCap: "sans plafond",
    choose: "Choisir cette offre",
    current: "Offre active",
    requested: "Demandée",
    planSent: "Demande envoyée : notre équipe vous contacte pour le paiement.",
    production: "Accès à la production",
    productionIntro: "Ouvre vos clés sk_live_ pour encaisser de vrais paiements.",
    productionOpen: "L'accès à la production est ouvert.",
    productionPending: (date: ReactNode) => <>Demande envoyée le {date} : en cours d&apos;examen.</>,
    productionNeedsKyc: "Faites d'abord vérifier votre entreprise (KYC).",
    productionRejected: "Votre demande a été refusée.",
    requestProduction: "Demander l'accès à la production",
    productionSent: "Demande envoyée.",
    status: { approved: "Approuvée", pending: "En attente", rejected: "Refusée", todo: "À faire", open: "Ouvert" },
    errors: errorMessages.fr.settings,
    features: {
      "Payments and payment links": "Paiements et liens de paiement",
      Webhooks: "Webhooks",
      "Email support": "Assistance par e-mail",
      "Everything in Starter": "Tout Starter",
      "Recurring billing and customer portal": "Abonnements récurrents et portail client",
      "Secure orders (pilot, on request)": "Commandes sécurisées (pilote, sur demande)",
      "Everything in Pro": "Tout Pro",
      "No monthly volume cap": "Aucun plafond mensuel",
      "Priority support": "Assistance prioritaire",
    } as Record<string, string>,
  },
  en: {
    title: "Settings",
    profile: "Business profile",
    name: "Business name",
    nameHint: "Shown to your customers on their phone when they pay.",
    preview: "Your customers will see:",
    previewNote: (max: number) => `Operator label, ${max} characters at most (longer names are cut).`,
    save: "Save",
    saved: "Profile saved.",
    kyc: "Business verification (KYC)",
    kycIntro: "Needed for withdrawals and production access. Our team checks your details.",
    kycApproved: "Your business is verified.",
    kycPending: (date: ReactNode) => <>Details sent on {date}: under review. You can correct them below.</>,
    kycRejected: "Your verification was rejected. Correct your details and send them again.",
    reason: "Reason:",
    fields: {
      legal_name: "Legal name",
      registration_number: "RCCM number",
      tax_id: "Tax id (NIF, optional)",
      address: "Address",
      contact_name: "Representative's name",
      contact_phone: "Representative's phone",
      activity: "Business activity",
    },
    hints: { contact_phone: "For example 76 55 44 33 or +223 76 55 44 33: spaces are fine.", registration_number: "For example MA.BKO.2024.B.1234." },
    submitKyc: "Send for verification",
    kycSent: "Details sent. Our team will get back to you quickly.",
    plan: "Platform subscription",
    planIntro: "A paid, current subscription is needed to use your live keys.",
    planPayment:
      "The subscription is paid to our team (mobile money or invoice): choose a plan, we contact you, and the plan is active for 30 days from receipt of payment.",
    currentPlan: "Current plan:",
    none: "none",
    until: "until",
    expired: "expired on",
    perMonth: "per month",
    cap: "Monthly live volume cap:",
    noCap: "no cap",
    choose: "Choose this plan",
    current: "Active plan",
    requested: "Requested",
    planSent: "Request sent: our team will contact you about payment.",
    production: "Production access",
    productionIntro: "Opens your sk_live_ keys to collect real payments.",
    productionOpen: "Production access is open.",
    productionPending: (date: ReactNode) => <>Request sent on {date}: under review.</>,
    productionNeedsKyc: "Get your business verified (KYC) first.",
    productionRejected: "Your request was rejected.",
    requestProduction: "Request production access",
    productionSent: "Request sent.",
    status: { approved: "Approved", pending: "Pending", rejected: "Rejected", todo: "To do", open: "Open" },
    errors: errorMessages.en.settings,
    features: {},
  },
});

function Section({ id, title, status, children }: { id: string; title: string; status?: { tone: BadgeTone; label: string }; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {status ? <Badge tone={status.tone}>{status.label}</Badge> : null}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Notice({ kind, children }: { kind: "ok" | "error"; children: ReactNode }) {
  return kind === "ok" ? (
    <p role="status" className="mt-3 text-sm font-medium text-brand-strong">
      {children}
    </p>
  ) : (
    <p role="alert" className="mt-3 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

export function SettingsView({ locale, initial }: { locale: Locale; initial: SettingsData }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["settings"], queryFn: () => apiFetch<SettingsData>("/dashboard-api/settings"), initialData: initial, staleTime: 10_000 });
  const { merchant, requests, plans } = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["settings"] });
  const errorText = (e: unknown) => t.errors[e instanceof ApiClientError ? e.code : "other"] ?? t.errors.other;

  // Profile
  const [name, setName] = useState(merchant.name);
  const saveProfile = useMutation({
    mutationFn: () => apiFetch("/dashboard-api/settings/profile", { method: "PATCH", body: { name } }),
    onSuccess: () => {
      void refresh();
      router.refresh();
    },
  });

  // KYC
  const kycRequest: RequestView | undefined = requests.kyc;
  const [kycError, setKycError] = useState<{ field?: string; message: string } | null>(null);
  const submitKyc = useMutation({
    mutationFn: (body: Record<string, string>) => apiFetch<RequestView>("/dashboard-api/settings/kyc", { method: "POST", body }),
    onMutate: () => setKycError(null),
    onSuccess: () => void refresh(),
    onError: (e) => setKycError({ field: e instanceof ApiClientError ? e.param : undefined, message: errorText(e) }),
  });
  function onKyc(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submitKyc.mutate(Object.fromEntries(KYC_FIELDS.map((f) => [f, String(form.get(f) ?? "")])));
  }
  const prefill = (f: KycField) => (kycRequest?.status === "pending" || merchant.kyc_status === "rejected" ? String(kycRequest?.payload[f] ?? "") : "");

  // Plan and production
  const choosePlan = useMutation({
    mutationFn: (plan: string) => apiFetch<RequestView>("/dashboard-api/settings/plan", { method: "POST", body: { plan } }),
    onSuccess: () => void refresh(),
  });
  const requestProduction = useMutation({
    mutationFn: () => apiFetch<RequestView>("/dashboard-api/settings/production", { method: "POST" }),
    onSuccess: () => void refresh(),
  });

  const kycStatus =
    merchant.kyc_status === "approved"
      ? { tone: "success" as const, label: t.status.approved }
      : merchant.kyc_status === "rejected"
        ? { tone: "danger" as const, label: t.status.rejected }
        : kycRequest?.status === "pending"
          ? { tone: "info" as const, label: t.status.pending }
          : { tone: "neutral" as const, label: t.status.todo };
  const planRequest = requests.platform_plan;
  const productionRequest = requests.production_access;

  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <div className="mt-4 space-y-6">
        <Section id="profile" title={t.profile}>
          <form
            method="post"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveProfile.mutate();
            }}
            className="flex flex-col gap-3"
          >
            <Field
              label={t.name}
              hint={t.nameHint}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              required
              autoComplete="organization"
              error={saveProfile.isError ? errorText(saveProfile.error) : undefined}
            />
            <div className="rounded-lg bg-canvas p-3">
              <p className="text-sm text-muted">{t.preview}</p>
              <p className="mt-1 font-mono text-base font-semibold break-all text-ink" data-testid="operator-label" aria-live="polite">
                {operatorLabel(name)}
              </p>
              <p className="mt-1 text-xs text-muted">{t.previewNote(OPERATOR_LABEL_MAX)}</p>
            </div>
            <div>
              <Button type="submit" loading={saveProfile.isPending} disabled={!hydrated}>
                {t.save}
              </Button>
            </div>
            {saveProfile.isSuccess ? <Notice kind="ok">{t.saved}</Notice> : null}
          </form>
        </Section>

        <Section id="kyc" title={t.kyc} status={kycStatus}>
          <p className="text-sm text-muted">{t.kycIntro}</p>
          {merchant.kyc_status === "approved" ? (
            <p className="mt-3 font-medium text-ink">{t.kycApproved}</p>
          ) : (
            <>
              {kycRequest?.status === "pending" ? <p className="mt-3 text-sm text-ink">{t.kycPending(<DateTime value={kycRequest.created_at} locale={locale} />)}</p> : null}
              {merchant.kyc_status === "rejected" ? (
                <p className="mt-3 text-sm text-ink">
                  {t.kycRejected}
                  {kycRequest?.decision_note ? (
                    <>
                      {" "}
                      <strong>{t.reason}</strong> {kycRequest.decision_note}
                    </>
                  ) : null}
                </p>
              ) : null}
              <form method="post" noValidate onSubmit={onKyc} className="mt-4 grid gap-3 sm:grid-cols-2">
                {KYC_FIELDS.map((f) => (
                  <Field
                    key={`${f}-${kycRequest?.id ?? "new"}`}
                    label={t.fields[f]}
                    hint={t.hints[f]}
                    name={f}
                    defaultValue={prefill(f)}
                    required={f !== "tax_id"}
                    type={f === "contact_phone" ? "tel" : "text"}
                    autoComplete={f === "contact_phone" ? "tel" : f === "contact_name" ? "name" : f === "address" ? "street-address" : f === "legal_name" ? "organization" : "off"}
                    error={kycError?.field === f ? kycError.message : undefined}
                    className={f === "address" || f === "activity" ? "sm:col-span-2" : undefined}
                  />
                ))}
                <div className="sm:col-span-2">
                  <Button type="submit" loading={submitKyc.isPending} disabled={!hydrated}>
                    {t.submitKyc}
                  </Button>
                  {submitKyc.isSuccess ? <Notice kind="ok">{t.kycSent}</Notice> : null}
                  {kycError && !kycError.field ? <Notice kind="error">{kycError.message}</Notice> : null}
                </div>
              </form>
            </>
          )}
        </Section>

        <Section id="plan" title={t.plan} status={merchant.platform_plan_current ? { tone: "success", label: t.current } : planRequest?.status === "pending" ? { tone: "info", label: t.requested } : undefined}>
          <p className="text-sm text-muted">{t.planIntro}</p>
          <p className="mt-2 text-sm text-ink">
            {t.currentPlan}{" "}
            <strong>{merchant.platform_plan === "none" ? t.none : (plans.find((p) => p.code === merchant.platform_plan)?.name ?? merchant.platform_plan)}</strong>
            {merchant.platform_period_end ? (
              <>
                {" "}
                ({merchant.platform_plan_current ? t.until : t.expired} <DateTime value={merchant.platform_period_end} locale={locale} />)
              </>
            ) : null}
          </p>
          <p className="mt-2 text-sm text-muted">{t.planPayment}</p>
          <ul className="mt-4 grid gap-3 md:grid-cols-3">
            {plans.map((plan) => {
              const active = merchant.platform_plan_current && merchant.platform_plan === plan.code;
              const requested = planRequest?.status === "pending" && planRequest.payload.plan === plan.code;
              return (
                <li key={plan.code} className={`flex flex-col rounded-2xl border p-4 ${active ? "border-brand" : "border-line"}`}>
                  <h3 className="font-semibold text-ink">{plan.name}</h3>
                  <p className="mt-1 text-xl font-bold text-ink">
                    <Amount value={plan.priceMonthly} /> <span className="text-sm font-normal text-muted">{t.perMonth}</span>
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {t.cap} {plan.monthlyLiveCap === null ? t.noCap : <Amount value={plan.monthlyLiveCap} />}
                  </p>
                  <ul className="mt-2 flex-1 list-disc space-y-1 pl-5 text-sm text-ink">
                    {plan.features.map((f) => (
                      <li key={f}>{(t.features as Record<string, string>)[f] ?? f}</li>
                    ))}
                  </ul>
                  <div className="mt-3">
                    {active ? (
                      <Badge tone="success">{t.current}</Badge>
                    ) : requested ? (
                      <Badge tone="info">{t.requested}</Badge>
                    ) : (
                      <Button variant="secondary" loading={choosePlan.isPending && choosePlan.variables === plan.code} disabled={!hydrated} onClick={() => choosePlan.mutate(plan.code)}>
                        {t.choose}
                        <span className="sr-only"> : {plan.name}</span>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {choosePlan.isSuccess ? <Notice kind="ok">{t.planSent}</Notice> : null}
          {choosePlan.isError ? <Notice kind="error">{errorText(choosePlan.error)}</Notice> : null}
        </Section>

        <Section
          id="production"
          title={t.production}
          status={
            merchant.production_enabled
              ? { tone: "success", label: t.status.open }
              : productionRequest?.status === "pending"
                ? { tone: "info", label: t.status.pending }
                : productionRequest?.status === "rejected"
                  ? { tone: "danger", label: t.status.rejected }
                  : undefined
          }
        >
          <p className="text-sm text-muted">{t.productionIntro}</p>
          {merchant.production_enabled ? (
            <p className="mt-3 font-medium text-ink">{t.productionOpen}</p>
          ) : productionRequest?.status === "pending" ? (
            <p className="mt-3 text-sm text-ink">{t.productionPending(<DateTime value={productionRequest.created_at} locale={locale} />)}</p>
          ) : (
            <div className="mt-3">
              {productionRequest?.status === "rejected" ? (
                <p className="mb-3 text-sm text-ink">
                  {t.productionRejected}
                  {productionRequest.decision_note ? (
                    <>
                      {" "}
                      <strong>{t.reason}</strong> {productionRequest.decision_note}
                    </>
                  ) : null}
                </p>
              ) : null}
              {merchant.kyc_status !== "approved" ? (
                <p id="production-needs-kyc" className="mb-3 text-sm text-ink">
                  {t.productionNeedsKyc}
                </p>
              ) : null}
              <Button
                loading={requestProduction.isPending}
                disabled={merchant.kyc_status !== "approved" || !hydrated}
                aria-describedby={merchant.kyc_status !== "approved" ? "production-needs-kyc" : undefined}
                onClick={() => requestProduction.mutate()}
              >
                {t.requestProduction}
              </Button>
            </div>
          )}
          {requestProduction.isSuccess ? <Notice kind="ok">{t.productionSent}</Notice> : null}
          {requestProduction.isError ? <Notice kind="error">{errorText(requestProduction.error)}</Notice> : null}
        </Section>
      </div>
    </div>
  );
}
