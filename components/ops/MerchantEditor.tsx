"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/components/data/fetch-json";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import type { OpsMerchantView } from "@/lib/ops/merchants";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./RequestsQueue";
import { QueueFailure } from "@/components/ui/QueuePage";

const copy = defineCopy({
  fr: {
    title: "Réglages du marchand",
    intro: "Chaque modification est enregistrée dans le journal d'audit (qui, quoi, quand, avant et après).",
    kyc: "KYC",
    kycOptions: { pending: "En attente", approved: "Approuvé", rejected: "Refusé" },
    production: "Accès à la production ouvert",
    secureOrders: "Commandes sécurisées activées",
    partner: "Programme partenaire",
    plan: "Offre de la plateforme",
    planHint: "Choisir une offre payante démarre une période de 30 jours à partir de maintenant (paiement reçu).",
    planOptions: { none: "Aucune", starter: "Starter", pro: "Pro", business: "Business" },
    status: "État du compte",
    statusOptions: { active: "Actif", suspended: "Suspendu" },
    save: "Enregistrer les modifications",
    nothing: "Aucune modification à enregistrer.",
    saved: "Modifications enregistrées et journalisées.",
  },
  en: {
    title: "Merchant settings",
    intro: "Every change is written to the audit log (who, what, when, before and after).",
    kyc: "KYC",
    kycOptions: { pending: "Pending", approved: "Approved", rejected: "Rejected" },
    production: "Production access open",
    secureOrders: "Secure orders enabled",
    partner: "Partner program",
    plan: "Platform plan",
    planHint: "Choosing a paid plan starts a 30-day period from now (payment received).",
    planOptions: { none: "None", starter: "Starter", pro: "Pro", business: "Business" },
    status: "Account status",
    statusOptions: { active: "Active", suspended: "Suspended" },
    save: "Save changes",
    nothing: "Nothing to save.",
    saved: "Changes saved and logged.",
  },
});

type Draft = {
  kyc_status: OpsMerchantView["kyc_status"];
  production_enabled: boolean;
  secure_orders_enabled: boolean;
  partner: boolean;
  platform_plan: OpsMerchantView["platform_plan"];
  status: "active" | "suspended";
};

function Checkbox({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (v: boolean) => void; name: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 text-ink">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-5 accent-[var(--color-brand)]" />
      <span className="font-medium">{label}</span>
    </label>
  );
}

export function MerchantEditor({ locale, merchant }: { locale: Locale; merchant: OpsMerchantView }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const router = useRouter();
  const saved: Draft = {
    kyc_status: merchant.kyc_status,
    production_enabled: merchant.production_enabled,
    secure_orders_enabled: merchant.secure_orders_enabled,
    partner: merchant.partner,
    platform_plan: merchant.platform_plan,
    status: merchant.status,
  };
  const [draft, setDraft] = useState<Draft>(saved);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const changed = Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as keyof Draft] !== v));

  const save = useMutation({
    mutationFn: () => apiFetch<OpsMerchantView>(`/ops-api/merchants/${encodeURIComponent(merchant.id)}`, { method: "PATCH", body: changed }),
    onSuccess: () => {
      setNotice(t.saved);
      router.refresh();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(changed).length === 0) return setNotice(t.nothing);
    setNotice(null);
    save.mutate();
  }

  return (
    <section aria-labelledby="merchant-settings" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="merchant-settings" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <form method="post" noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select label={t.kyc} name="kyc_status" value={draft.kyc_status} onChange={(e) => set("kyc_status", e.target.value as Draft["kyc_status"])} options={(["pending", "approved", "rejected"] as const).map((v) => ({ value: v, label: t.kycOptions[v] }))} />
        <Select
          label={t.plan}
          hint={t.planHint}
          name="platform_plan"
          value={draft.platform_plan}
          onChange={(e) => set("platform_plan", e.target.value as Draft["platform_plan"])}
          options={(["none", "starter", "pro", "business"] as const).map((v) => ({ value: v, label: t.planOptions[v] }))}
        />
        <Select label={t.status} name="status" value={draft.status} onChange={(e) => set("status", e.target.value as Draft["status"])} options={(["active", "suspended"] as const).map((v) => ({ value: v, label: t.statusOptions[v] }))} />
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
    </section>
  );
}
