"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Badge } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { QueueActionForm, QueueFailure, QueuePage } from "@/components/ui/QueuePage";
import type { staffProductView } from "@/lib/partner/products";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./RequestsQueue";

export type StaffProduct = ReturnType<typeof staffProductView>;

const copy = defineCopy({
  fr: {
    title: "Produits partenaires",
    intro: "Produits proposés par les marchands du programme partenaire, en attente de validation. Un produit validé rejoint le catalogue ; son prix est celui contrôlé sur chaque paiement.",
    price: "Prix",
    proposed: "Proposé le",
    approve: "Valider",
    reject: "Refuser",
    confirmReject: "Confirmer le refus",
    noteOptional: "Note pour le marchand (facultative)",
    done: "Produit traité.",
  },
  en: {
    title: "Partner products",
    intro: "Products proposed by partner-program merchants, waiting for validation. A validated product joins the catalogue; its price is the one checked on every payment.",
    price: "Price",
    proposed: "Proposed",
    approve: "Validate",
    reject: "Reject",
    confirmReject: "Confirm rejection",
    noteOptional: "Note for the merchant (optional)",
    done: "Product handled.",
  },
});

function ProductCard({ p, locale, onChanged, onStale }: { p: StaffProduct; locale: Locale; onChanged: () => void; onStale: () => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const path = `/ops-api/partner-products/${encodeURIComponent(p.id)}`;
  // The version on screen: the server refuses the decision if the merchant changed the product since.
  const seen = { reviewed_updated_at: p.updated_at };
  // Refused because the merchant changed it: the error stays on screen while the queue reloads the new version.
  const onError = (error: Error) => {
    if (error instanceof ApiClientError && error.code === "PARTNER_PRODUCT_CHANGED") onStale();
  };
  const approve = useMutation({ mutationFn: () => apiFetch(`${path}/approve`, { method: "POST", body: seen }), onSuccess: onChanged, onError });
  const reject = useMutation({ mutationFn: () => apiFetch(`${path}/reject`, { method: "POST", body: note.trim() ? { reason: note, ...seen } : seen }), onSuccess: onChanged, onError });
  const error = approve.error ?? reject.error;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-partner-product">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-ink">{p.name}</h2>
        <Badge tone={p.mode === "test" ? "warning" : "success"}>{p.mode === "test" ? c.test : c.live}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink">{p.merchant_name ?? p.merchant_id}</p>
      {p.description ? <p className="mt-2 text-sm break-words text-muted">{p.description}</p> : null}
      <p className="mt-2 text-sm text-ink">
        {t.price} : <Amount value={p.price} className="font-semibold" /> · {t.proposed} <DateTime value={p.created_at} locale={locale} />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={!hydrated}>
          {t.approve}
          <span className="sr-only"> {p.name}</span>
        </Button>
        {!rejecting ? (
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={!hydrated}>
            {t.reject}
            <span className="sr-only"> {p.name}</span>
          </Button>
        ) : null}
      </div>
      {rejecting ? (
        <QueueActionForm
          field={<Field label={t.noteOptional} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className="flex-1" />}
          submit={t.confirmReject}
          danger
          pending={reject.isPending}
          cancel={c.cancel}
          onSubmit={() => reject.mutate()}
          onCancel={() => setRejecting(false)}
        />
      ) : null}
      <QueueFailure label={c.failed} error={error} />
    </li>
  );
}

export function PartnerQueue({ locale, initial }: { locale: Locale; initial: StaffProduct[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", "partner-products"], queryFn: () => apiFetch<StaffProduct[]>("/ops-api/partner-products"), initialData: initial, staleTime: 5_000 });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ["ops", "partner-products"] });
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(p) => (
        <ProductCard
          key={p.id}
          p={p}
          locale={locale}
          onChanged={() => {
            setAnnounce(t.done);
            reload();
          }}
          onStale={reload}
        />
      )}
    </QueuePage>
  );
}
