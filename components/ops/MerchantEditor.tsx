"use client";

import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import type { OpsMerchantView } from "@/lib/ops/merchants";
import type { Locale } from "@/lib/i18n/locale";
import { QueueFailure } from "@/components/ui/QueuePage";
import { Section } from "@/components/ui/Section";
import { merchantEditorCopy } from "./merchant/copy";
import { useMerchantEditor, type MerchantDraft } from "./merchant/use-merchant";
import { opsCommonCopy } from "./queues/copy";

function Checkbox({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (v: boolean) => void; name: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 text-ink">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-5 accent-[var(--color-brand)]" />
      <span className="font-medium">{label}</span>
    </label>
  );
}

export function MerchantEditor({ locale, merchant }: { locale: Locale; merchant: OpsMerchantView }) {
  const t = merchantEditorCopy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const { draft, set, notice, save, onSubmit } = useMerchantEditor(locale, merchant);

  return (
    <Section id="merchant-settings" title={t.title} card>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <form method="post" noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select label={t.kyc} name="kyc_status" value={draft.kyc_status} onChange={(e) => set("kyc_status", e.target.value as MerchantDraft["kyc_status"])} options={(["pending", "approved", "rejected"] as const).map((v) => ({ value: v, label: t.kycOptions[v] }))} />
        <Select
          label={t.plan}
          hint={t.planHint}
          name="platform_plan"
          value={draft.platform_plan}
          onChange={(e) => set("platform_plan", e.target.value as MerchantDraft["platform_plan"])}
          options={(["none", "starter", "pro", "business"] as const).map((v) => ({ value: v, label: t.planOptions[v] }))}
        />
        <Select label={t.status} name="status" value={draft.status} onChange={(e) => set("status", e.target.value as MerchantDraft["status"])} options={(["active", "suspended"] as const).map((v) => ({ value: v, label: t.statusOptions[v] }))} />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Checkbox name="production_enabled" label={t.production} checked={draft.production_enabled} onChange={(v) => set("production_enabled", v)} />
          <Checkbox name="secure_orders_enabled" label={t.secureOrders} checked={draft.secure_orders_enabled} onChange={(v) => set("secure_orders_enabled", v)} />
          <Checkbox name="partner" label={t.partner} checked={draft.partner} onChange={(v) => set("partner", v)} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending} disabled={!hydrated}>
            {t.save}
          </Button>
          <p role="status" className="mt-2 text-sm font-medium text-brand-strong">
            {notice}
          </p>
          <QueueFailure label={c.failed} error={save.error} />
        </div>
      </form>
    </Section>
  );
}
