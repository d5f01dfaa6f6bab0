"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import { ConfirmInline } from "../ConfirmInline";
import { ApiClientError, apiFetch } from "../api";
import { Badge } from "../Badge";
import { DateTime } from "../DateTime";
import { useHydrated } from "../useHydrated";

export type LinksOverview = { links: LinkResource[]; pagination: { page: number; limit: number; total: number; pages: number } };

const copy = defineCopy({
  fr: {
    title: "Liens de paiement",
    intro: "Un lien à partager (message, réseaux sociaux, QR code en boutique) : vos clients paient sur la page du lien.",
    create: "Créer un lien",
    name: "Nom affiché au client",
    description: "Description (facultatif)",
    amountMode: "Type de montant",
    fixed: "Montant fixe",
    open: "Montant libre (le client choisit)",
    amount: "Montant (FCFA)",
    min: "Montant minimum (FCFA)",
    max: "Montant maximum (FCFA)",
    amountHint: "Entre 100 et 5 000 000 FCFA.",
    slug: "Adresse personnalisée (facultatif)",
    slugHint: "3 à 64 caractères : a-z, 0-9 et « - ». Aléatoire si vide.",
    submit: "Créer le lien",
    created: "Lien créé.",
    list: "Vos liens",
    none: "Aucun lien pour l'instant.",
    collected: "Encaissé",
    payments: (n: number) => `${n} paiement(s)`,
    active: "Actif",
    inactive: "Inactif",
    activeToggle: "Lien actif",
    copy: "Copier l'adresse",
    copied: "Adresse copiée.",
    copyFailed: "Copie impossible : sélectionnez l'adresse à la main.",
    qr: "QR code",
    showQr: "Voir le QR code",
    hideQr: "Masquer le QR code",
    downloadPng: "Télécharger en PNG",
    downloadSvg: "Télécharger en SVG",
    qrAlt: (name: string) => `QR code du lien ${name}`,
    archive: "Supprimer",
    archiveConfirm: "Supprimer définitivement ce lien ? Sa page et son QR code ne fonctionneront plus.",
    archiveYes: "Oui, supprimer",
    cancel: "Annuler",
    created_at: "Créé le",
    loading: "Chargement…",
    loadError: "Impossible de charger les liens.",
    retry: "Réessayer",
    errors: {
      INVALID_AMOUNT: "Le montant doit être un nombre entier entre 100 et 5 000 000 FCFA.",
      INVALID_AMOUNT_RANGE: "Indiquez un minimum et un maximum entre 100 et 5 000 000 FCFA, le minimum au plus égal au maximum.",
      INVALID_SLUG: "L'adresse compte 3 à 64 caractères : a-z, 0-9 et « - ».",
      SLUG_TAKEN: "Cette adresse est déjà prise : choisissez-en une autre.",
      LINK_NOT_OPEN: "Un lien à montant fixe n'a pas de minimum ni de maximum.",
      MISSING_FIELD: "Ce champ est obligatoire.",
      INVALID_FIELD: "Valeur invalide.",
      LINK_ARCHIVED: "Ce lien a été supprimé.",
      other: "L'opération a échoué. Réessayez dans un instant.",
    } as Record<string, string>,
  },
  en: {
    title: "Payment links",
    intro: "A link to share (message, social media, QR code in the shop): your customers pay on the link's page.",
    create: "Create a link",
    name: "Name shown to the customer",
    description: "Description (optional)",
    amountMode: "Amount type",
    fixed: "Fixed amount",
    open: "Open amount (the customer chooses)",
    amount: "Amount (FCFA)",
    min: "Minimum amount (FCFA)",
    max: "Maximum amount (FCFA)",
    amountHint: "Between 100 and 5,000,000 FCFA.",
    slug: "Custom address (optional)",
    slugHint: "3 to 64 characters: a-z, 0-9 and '-'. Random when empty.",
    submit: "Create the link",
    created: "Link created.",
    list: "Your links",
    none: "No link yet.",
    collected: "Collected",
    payments: (n: number) => `${n} payment(s)`,
    active: "Active",
    inactive: "Inactive",
    activeToggle: "Link active",
    copy: "Copy the address",
    copied: "Address copied.",
    copyFailed: "Could not copy: select the address by hand.",
    qr: "QR code",
    showQr: "Show the QR code",
    hideQr: "Hide the QR code",
    downloadPng: "Download PNG",
    downloadSvg: "Download SVG",
    qrAlt: (name: string) => `QR code of the link ${name}`,
    archive: "Delete",
    archiveConfirm: "Delete this link for good? Its page and QR code will stop working.",
    archiveYes: "Yes, delete",
    cancel: "Cancel",
    created_at: "Created",
    loading: "Loading…",
    loadError: "Could not load the links.",
    retry: "Try again",
    errors: {
      INVALID_AMOUNT: "The amount must be a whole number between 100 and 5,000,000 FCFA.",
      INVALID_AMOUNT_RANGE: "Give a minimum and a maximum between 100 and 5,000,000 FCFA, the minimum at most the maximum.",
      INVALID_SLUG: "The address is 3 to 64 characters: a-z, 0-9 and '-'.",
      SLUG_TAKEN: "This address is taken: choose another one.",
      LINK_NOT_OPEN: "A fixed-amount link has no minimum or maximum.",
      MISSING_FIELD: "This field is required.",
      INVALID_FIELD: "Invalid value.",
      LINK_ARCHIVED: "This link was deleted.",
      other: "The operation failed. Try again in a moment.",
    },
  },
});

const toNumber = (v: string) => (v.trim() === "" ? undefined : /^\d+$/.test(v.trim()) ? Number(v.trim()) : v.trim());

function LinkCard({
  link,
  locale,
  onToggle,
  onArchive,
  archiving,
}: {
  link: LinkResource;
  locale: Locale;
  onToggle: (active: boolean) => void;
  onArchive: () => void;
  archiving: boolean;
}) {
  const t = copy[locale];
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copyStatus, setCopyStatus] = useState<"" | "ok" | "failed">("");
  const qr = `/v1/payment-links/${encodeURIComponent(link.slug)}/qr`;
  const toggleId = `active-${link.id}`;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="link-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{link.name}</h3>
          <p className="text-sm text-ink">
            {link.mode === "FIXED" ? formatXof(link.amount ?? 0) : `${formatXof(link.min_amount ?? 0)} – ${formatXof(link.max_amount ?? 0)}`}{" "}
            <Badge tone={link.is_active ? "success" : "neutral"}>{link.is_active ? t.active : t.inactive}</Badge>
          </p>
          <p className="mt-1 text-sm text-muted">
            {t.collected} : <strong className="text-ink">{formatXof(link.total_collected)}</strong> · {t.payments(link.payment_count)} · {t.created_at}{" "}
            <DateTime value={link.created_at} locale={locale} />
          </p>
          <code className="mt-1 block font-mono text-xs break-all text-muted select-all">{link.url}</code>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            checked={link.is_active}
            onChange={(e) => onToggle(e.target.checked)}
            className="size-5 accent-[var(--color-brand,#0f766e)]"
          />
          <label htmlFor={toggleId} className="text-sm font-semibold text-ink">
            {t.activeToggle}
            <span className="sr-only"> {link.name}</span>
          </label>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link.url);
              setCopyStatus("ok");
            } catch {
              setCopyStatus("failed");
            }
          }}
        >
          {t.copy}
          <span className="sr-only"> {link.name}</span>
        </Button>
        <Button variant="secondary" aria-expanded={showQr} onClick={() => setShowQr((s) => !s)}>
          {showQr ? t.hideQr : t.showQr}
          <span className="sr-only"> {link.name}</span>
        </Button>
        {confirming ? null : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t.archive}
            <span className="sr-only"> {link.name}</span>
          </Button>
        )}
      </div>
      <p role="status" className="mt-1 text-sm">
        {copyStatus === "ok" ? t.copied : copyStatus === "failed" ? t.copyFailed : ""}
      </p>
      {confirming ? (
        <ConfirmInline question={t.archiveConfirm} yes={t.archiveYes} no={t.cancel} busy={archiving} onYes={onArchive} onNo={() => setConfirming(false)} />
      ) : null}
      {showQr ? (
        <div className="mt-3 flex flex-wrap items-end gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- served by our own QR endpoint, not an optimisable asset */}
          <img src={`${qr}?format=png&size=256`} alt={t.qrAlt(link.name)} width={160} height={160} className="rounded-lg border border-line bg-white" />
          <div className="flex flex-col gap-2">
            <a href={`${qr}?format=png`} download={`${link.slug}.png`} className="text-sm font-semibold text-brand underline">
              {t.downloadPng}
            </a>
            <a href={`${qr}?format=svg`} download={`${link.slug}.svg`} className="text-sm font-semibold text-brand underline">
              {t.downloadSvg}
            </a>
          </div>
        </div>
      ) : null}
    </li>
  );
}

export function LinksView({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: LinksOverview }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const queryKey = ["links", mode];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<LinksOverview>("/dashboard-api/links?limit=50"), initialData: initial, staleTime: 5_000 });
  const [amountMode, setAmountMode] = useState<"FIXED" | "OPEN">("FIXED");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const message = (e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<LinkResource>("/dashboard-api/links", { method: "POST", body }),
    onMutate: () => {
      setFieldErrors({});
      setError(null);
      setNotice("");
    },
    onSuccess: () => {
      setNotice(t.created);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => {
      if (e instanceof ApiClientError && e.param) setFieldErrors({ [e.param]: message(e) });
      else setError(message(e));
    },
  });

  // Optimistic: the switch flips at once; on failure the cache is put back and the error shown.
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiFetch<LinkResource>(`/dashboard-api/links/${encodeURIComponent(id)}/active`, { method: "POST", body: { active } }),
    onMutate: async ({ id, active }) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<LinksOverview>(queryKey);
      if (previous) queryClient.setQueryData<LinksOverview>(queryKey, { ...previous, links: previous.links.map((l) => (l.id === id ? { ...l, is_active: active } : l)) });
      return { previous };
    },
    onError: (e, _v, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      setError(message(e));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const archive = useMutation({
    mutationFn: (id: string) => apiFetch<LinkResource>(`/dashboard-api/links/${encodeURIComponent(id)}/archive`, { method: "POST" }),
    onMutate: () => setError(null),
    onError: (e) => setError(message(e)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const body: Record<string, unknown> = { name: String(f.get("name") ?? ""), mode: amountMode };
    const description = String(f.get("description") ?? "").trim();
    if (description) body.description = description;
    const slug = String(f.get("slug") ?? "").trim();
    if (slug) body.slug = slug;
    if (amountMode === "FIXED") body.amount = toNumber(String(f.get("amount") ?? ""));
    else {
      body.min_amount = toNumber(String(f.get("min_amount") ?? ""));
      body.max_amount = toNumber(String(f.get("max_amount") ?? ""));
    }
    create.mutate(body, { onSuccess: () => form.reset() });
  }

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="mt-1 max-w-prose text-muted">{t.intro}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="link-create" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <h2 id="link-create" className="text-lg font-semibold text-ink">
          {t.create}
        </h2>
        <form method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field label={t.name} name="name" required maxLength={100} error={fieldErrors.name} />
          <Field label={t.description} name="description" maxLength={500} error={fieldErrors.description} />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold text-ink">{t.amountMode}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(["FIXED", "OPEN"] as const).map((m) => (
                <label key={m} className="flex min-h-11 items-center gap-2 text-ink">
                  <input type="radio" name="mode" value={m} checked={amountMode === m} onChange={() => setAmountMode(m)} className="size-4" />
                  {m === "FIXED" ? t.fixed : t.open}
                </label>
              ))}
            </div>
          </fieldset>
          {amountMode === "FIXED" ? (
            <Field label={t.amount} name="amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.amount} />
          ) : (
            <>
              <Field label={t.min} name="min_amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.min_amount} />
              <Field label={t.max} name="max_amount" inputMode="numeric" error={fieldErrors.max_amount} />
            </>
          )}
          <Field label={t.slug} name="slug" hint={t.slugHint} maxLength={64} autoCapitalize="none" error={fieldErrors.slug} />
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} disabled={!hydrated}>
              {t.submit}
            </Button>
            <p role="status" className="mt-2 text-sm font-medium text-brand-strong">
              {notice}
            </p>
          </div>
        </form>
      </section>

      <section aria-labelledby="link-list" className="mt-8">
        <h2 id="link-list" className="text-lg font-semibold text-ink">
          {t.list}
        </h2>
        {query.isError ? (
          <div role="alert" className="mt-2 text-sm text-danger-strong">
            {t.loadError}{" "}
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : null}
        {query.data.links.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {query.data.links.map((l) => (
              <LinkCard
                key={l.id}
                link={l}
                locale={locale}
                onToggle={(active) => toggle.mutate({ id: l.id, active })}
                onArchive={() => archive.mutate(l.id)}
                archiving={archive.isPending && archive.variables === l.id}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
