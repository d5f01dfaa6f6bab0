"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Badge } from "@/components/dashboard/Badge";
import { ConfirmInline } from "@/components/dashboard/ConfirmInline";
import { roleLabels } from "@/lib/i18n/role-labels";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { MemberView } from "@/lib/team/members";

const copy = defineCopy({
  fr: {
    title: "Utilisateurs du marchand",
    none: "Aucun utilisateur : invitez le propriétaire pour qu'il puisse se connecter.",
    invited: "invitation envoyée",
    active: "actif",
    twoFactor: "2FA",
    reset: "Forcer la réinitialisation du mot de passe",
    resetQ: (email: string) => `Forcer la réinitialisation du mot de passe de ${email} ?`,
    resetDetail: "Le mot de passe cesse de fonctionner, toutes ses sessions sont fermées et un lien de réinitialisation lui est envoyé. Action enregistrée au journal d'audit.",
    yes: "Oui, réinitialiser",
    no: "Annuler",
    resetDone: (email: string) => `Réinitialisation imposée à ${email} ; un lien lui a été envoyé.`,
    invite: "Inviter le propriétaire",
    inviteHint: "Un lien valable 7 jours pour choisir son mot de passe. Renvoyé si cette adresse est déjà invitée comme propriétaire.",
    email: "E-mail du propriétaire",
    send: "Envoyer l'invitation",
    sent: (email: string) => `Invitation envoyée à ${email}.`,
    generic: "L'action n'a pas abouti.",
  },
  en: {
    title: "Merchant's users",
    none: "No user: invite the owner so they can sign in.",
    invited: "invitation sent",
    active: "active",
    twoFactor: "2FA",
    reset: "Force a password reset",
    resetQ: (email: string) => `Force a password reset for ${email}?`,
    resetDetail: "The password stops working, every session ends and a reset link is mailed. Recorded in the audit log.",
    yes: "Yes, reset",
    no: "Cancel",
    resetDone: (email: string) => `Reset forced for ${email}; a link was mailed.`,
    invite: "Invite the owner",
    inviteHint: "A link valid for 7 days to choose a password. Sent again if this address is already invited as owner.",
    email: "Owner's e-mail",
    send: "Send the invitation",
    sent: (email: string) => `Invitation sent to ${email}.`,
    generic: "That did not work.",
  },
});

/** The ops console's view of a merchant's users: invite the owner, force a member's password reset. */
export function MerchantTeam({ locale, merchantId, members }: { locale: Locale; merchantId: string; members: MemberView[] }) {
  const t = copy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const router = useRouter();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const base = `/ops-api/merchants/${encodeURIComponent(merchantId)}`;
  const fail = (e: unknown) => setError(e instanceof ApiClientError ? e.message : t.generic);
  const reset = useMutation({
    mutationFn: (member: MemberView) => apiFetch(`${base}/users/${encodeURIComponent(member.id)}/password-reset`, { method: "POST" }),
    onSuccess: (_data, member) => {
      setConfirming(null);
      setNotice(t.resetDone(member.email));
      router.refresh();
    },
    onError: fail,
  });
  const invite = useMutation({
    mutationFn: (email: string) => apiFetch<{ member: MemberView }>(`${base}/owner-invitation`, { method: "POST", body: { email } }),
    onSuccess: ({ member }) => {
      setEmailError(undefined);
      setNotice(t.sent(member.email));
      router.refresh();
    },
    onError: (e) => (e instanceof ApiClientError && e.param === "email" ? setEmailError(e.message) : fail(e)),
  });
  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    setError(null);
    invite.mutate(String(new FormData(event.currentTarget).get("email") ?? ""));
  };
  return (
    <section aria-labelledby="merchant-users" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="merchant-users" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <div aria-live="polite">
        {notice ? <p className="mt-2 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">{notice}</p> : null}
        {error ? (
          <p role="alert" className="mt-2 rounded-lg border border-danger px-3 py-2 text-sm text-danger-strong">
            {error}
          </p>
        ) : null}
      </div>
      {members.length === 0 ? <p className="mt-2 text-sm text-muted">{t.none}</p> : null}
      <ul className="mt-3 space-y-3">
        {members.map((m) => (
          <li key={m.id} className="rounded-xl border border-line p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-all text-ink">{m.email}</span>
              <Badge tone="info">{roles[m.role]}</Badge>
              <Badge tone={m.status === "active" ? "success" : "warning"}>{m.status === "active" ? t.active : t.invited}</Badge>
              <span className="text-sm text-muted">
                {t.twoFactor} {m.two_factor ? "✓" : "—"}
              </span>
            </div>
            {confirming === m.id ? (
              <ConfirmInline question={t.resetQ(m.email)} yes={t.yes} no={t.no} busy={reset.isPending} onYes={() => reset.mutate(m)} onNo={() => setConfirming(null)}>
                <p className="text-sm text-muted">{t.resetDetail}</p>
              </ConfirmInline>
            ) : (
              <Button variant="secondary" className="mt-2" disabled={!hydrated} onClick={() => setConfirming(m.id)}>
                {t.reset}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form method="post" onSubmit={onInvite} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t.email} hint={t.inviteHint} name="email" type="email" autoComplete="off" required maxLength={254} error={emailError} className="flex-1" />
        <Button type="submit" loading={invite.isPending} disabled={!hydrated}>
          {t.invite}
        </Button>
      </form>
    </section>
  );
}
