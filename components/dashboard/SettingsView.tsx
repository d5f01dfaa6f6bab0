"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import type { SettingsView as SettingsData } from "@/lib/account/settings";
import type { Locale } from "@/lib/i18n/locale";
import { OPERATOR_LABEL_MAX, operatorLabel } from "@/lib/operator/port";
import { Badge, type BadgeTone } from "./Badge";
import { DateTime } from "./DateTime";
import { useHydrated } from "./useHydrated";
import { KYC_FIELDS, settingsCopy } from "./settings/copy";
import { useSettings } from "./settings/use-settings";



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

export function SettingsView({ locale, initial }: { locale: Locale; initial: SettingsData }) {
  const t = settingsCopy[locale];
  const hydrated = useHydrated();
  const { merchant, plans, errorText, name, setName, saveProfile, kycRequest, kycError, submitKyc, onKyc, prefill, choosePlan, requestProduction, kycStatus, planRequest, productionRequest } = useSettings({ locale, initial });

  return (
    <PageFrame title={t.title}>
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
            {saveProfile.isSuccess ? <Alert tone="success" variant="inline" className="mt-3">{t.saved}</Alert> : null}
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
                  {submitKyc.isSuccess ? <Alert tone="success" variant="inline" className="mt-3">{t.kycSent}</Alert> : null}
                  {kycError && !kycError.field ? <Alert variant="inline" className="mt-3">{kycError.message}</Alert> : null}
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
          {choosePlan.isSuccess ? <Alert tone="success" variant="inline" className="mt-3">{t.planSent}</Alert> : null}
          {choosePlan.isError ? <Alert variant="inline" className="mt-3">{errorText(choosePlan.error)}</Alert> : null}
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
          {requestProduction.isSuccess ? <Alert tone="success" variant="inline" className="mt-3">{t.productionSent}</Alert> : null}
          {requestProduction.isError ? <Alert variant="inline" className="mt-3">{errorText(requestProduction.error)}</Alert> : null}
        </Section>
      </div>
    </PageFrame>
  );
}
