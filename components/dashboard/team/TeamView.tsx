"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { MerchantRole } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { MemberView } from "@/lib/team/members";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { Badge } from "../Badge";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { roleLabels } from "@/lib/i18n/role-labels";
import { ROLES } from "../roles";
import { Select } from "../Select";
import { useHydrated } from "../useHydrated";
import { errorMessages } from "@/components/data/error-messages";

const copy = defineCopy({
  fr: {
    title: "Équipe",
    intro: "Les personnes qui ont accès à ce compte, et ce que leur rôle leur permet.",
    readOnly: "Seuls les propriétaires du compte invitent, changent les rôles et retirent des membres.",
    roles: {
      owner: "tout, y compris l'équipe et l'accès à la production",
      admin: "tout sauf l'équipe et l'accès à la production",
      developer: "clés d'API, webhooks, journal des requêtes ; pas de retraits",
      finance: "soldes, retraits, exports ; pas de clés d'API",
      viewer: "consultation seulement",
    } satisfies Record<MerchantRole, string>,
    members: "Membres",
    email: "E-mail",
    role: "Rôle",
    status: "Statut",
    invited: "invitation envoyée",
    active: "actif",
    twoFactor: "Double authentification",
    on: "activée",
    off: "désactivée",
    invitedBy: "Invité par",
    staff: "Équipe Cauri",
    since: "Depuis le",
    you: "vous",
    invite: "Inviter un membre",
    inviteHint: "La personne reçoit un lien, valable 7 jours, pour choisir son mot de passe.",
    send: "Envoyer l'invitation",
    sent: (email: string) => `Invitation envoyée à ${email}.`,
    resend: "Renvoyer l'invitation",
    resent: "Nouvelle invitation envoyée ; l'ancien lien ne fonctionne plus.",
    changeRole: "Changer le rôle",
    saveRole: "Enregistrer le rôle",
    roleSaved: "Rôle modifié.",
    remove: "Retirer",
    removeQ: (email: string) => `Retirer ${email} de l'équipe ?`,
    removeDetail: "Ses sessions sont fermées et son compte supprimé. Vous pourrez l'inviter à nouveau.",
    yes: "Oui, retirer",
    no: "Annuler",
    removed: "Membre retiré.",
    leave: "Quitter l'équipe",
    leaveQ: "Quitter l'équipe de ce compte ?",
    leaveDetail: "Votre compte est supprimé et vous êtes déconnecté.",
    leaveYes: "Oui, quitter",
    errors: errorMessages.fr.team,
  },
  en: {
    title: "Team",
    intro: "The people who can use this account, and what their role lets them do.",
    readOnly: "Only the account's owners invite, change roles and remove members.",
    roles: {
      owner: "everything, including the team and production access",
      admin: "everything but the team and production access",
      developer: "API keys, webhooks, request log; no withdrawals",
      finance: "balances, withdrawals, exports; no API keys",
      viewer: "read only",
    },
    members: "Members",
    email: "E-mail",
    role: "Role",
    status: "Status",
    invited: "invitation sent",
    active: "active",
    twoFactor: "Two-factor authentication",
    on: "on",
    off: "off",
    invitedBy: "Invited by",
    staff: "Cauri staff",
    since: "Since",
    you: "you",
    invite: "Invite a member",
    inviteHint: "They receive a link, valid for 7 days, to choose their password.",
    send: "Send the invitation",
    sent: (email: string) => `Invitation sent to ${email}.`,
    resend: "Send the invitation again",
    resent: "New invitation sent; the previous link no longer works.",
    changeRole: "Change role",
    saveRole: "Save the role",
    roleSaved: "Role changed.",
    remove: "Remove",
    removeQ: (email: string) => `Remove ${email} from the team?`,
    removeDetail: "Their sessions end and their account is deleted. You can invite them again.",
    yes: "Yes, remove",
    no: "Cancel",
    removed: "Member removed.",
    leave: "Leave the team",
    leaveQ: "Leave this account's team?",
    leaveDetail: "Your account is deleted and you are signed out.",
    leaveYes: "Yes, leave",
    errors: errorMessages.en.team,
  },
});

type Team = { members: MemberView[] };

function MemberRow({ member, locale, manage, self, onDone }: { member: MemberView; locale: Locale; manage: boolean; self: boolean; onDone: (message: string | null, error: string | null) => void }) {
  const t = copy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const [role, setRole] = useState<MerchantRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const report = (e: unknown) => onDone(null, e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);
  const changeRole = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}`, { method: "PATCH", body: { role } }), onSuccess: () => onDone(t.roleSaved, null), onError: report });
  const resend = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}/invitation`, { method: "POST" }), onSuccess: () => onDone(t.resent, null), onError: report });
  const remove = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}`, { method: "DELETE" }), onSuccess: () => onDone(t.removed, null), onError: report });
  return (
    <li className="rounded-xl border border-line bg-surface p-4" data-testid="member">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-all text-ink">{member.email}</span>
        {self ? <span className="text-sm text-muted">({t.you})</span> : null}
        <Badge tone="info">{roles[member.role]}</Badge>
        <Badge tone={member.status === "active" ? "success" : "warning"}>{member.status === "active" ? t.active : t.invited}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted">{t.twoFactor}</dt>
        <dd className="text-ink">{member.two_factor ? t.on : t.off}</dd>
        <dt className="text-muted">{t.invitedBy}</dt>
        <dd className="break-all text-ink">{member.invited_by === "staff" ? t.staff : (member.invited_by ?? "—")}</dd>
        <dt className="text-muted">{t.since}</dt>
        <dd className="text-ink">
          <DateTime value={member.created_at} locale={locale} />
        </dd>
      </dl>
      {manage ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <Select
            label={`${t.changeRole} (${member.email})`}
            value={role}
            onChange={(e) => setRole(e.target.value as MerchantRole)}
            options={ROLES.map((r) => ({ value: r, label: roles[r] }))}
            className="sm:w-56"
          />
          <Button variant="secondary" disabled={!hydrated || role === member.role} loading={changeRole.isPending} onClick={() => changeRole.mutate()}>
            {t.saveRole}
          </Button>
          {member.status === "invited" ? (
            <Button variant="secondary" disabled={!hydrated} loading={resend.isPending} onClick={() => resend.mutate()}>
              {t.resend}
            </Button>
          ) : null}
          {!self ? (
            <Button variant="ghost" disabled={!hydrated} onClick={() => setConfirming(true)}>
              {t.remove}
            </Button>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <ConfirmInline question={t.removeQ(member.email)} yes={t.yes} no={t.no} busy={remove.isPending} onYes={() => remove.mutate()} onNo={() => setConfirming(false)}>
          <p className="text-sm text-muted">{t.removeDetail}</p>
        </ConfirmInline>
      ) : null}
    </li>
  );
}

/** The team page: members (everyone sees them), and for owners the invitation form and each member's controls. */
export function TeamView({ locale, initial, manage, selfId }: { locale: Locale; initial: Team; manage: boolean; selfId: string }) {
  const t = copy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["team"], queryFn: () => apiFetch<Team>("/dashboard-api/team"), initialData: initial, staleTime: 10_000 });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);

  const done = (message: string | null, problem: string | null) => {
    setNotice(message);
    setError(problem);
    if (message) void queryClient.invalidateQueries({ queryKey: ["team"] });
  };
  const invite = useMutation({
    mutationFn: (body: { email: string; role: MerchantRole }) => apiFetch<MemberView>("/dashboard-api/team", { method: "POST", body }),
    onSuccess: (member) => {
      setEmailError(undefined);
      done(t.sent(member.email), null);
    },
    onError: (e) => {
      const message = e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other;
      if (e instanceof ApiClientError && e.param === "email") setEmailError(message);
      else done(null, message);
    },
  });
  const leave = useMutation({
    mutationFn: () => apiFetch("/dashboard-api/team/leave", { method: "POST" }),
    onSuccess: () => router.push("/signin"),
    onError: (e) => done(null, e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other),
  });

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setNotice(null);
    setError(null);
    invite.mutate({ email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "viewer") as MerchantRole }, { onSuccess: () => formElement.reset() });
  };

  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 text-muted">{t.intro}</p>
      <ul className="mt-3 space-y-1 text-sm text-ink">
        {ROLES.map((r) => (
          <li key={r}>
            <strong className="font-semibold">{roles[r]}</strong> : {t.roles[r]}
          </li>
        ))}
      </ul>
      {!manage ? <p className="mt-3 text-sm text-muted">{t.readOnly}</p> : null}

      <div aria-live="polite" className="mt-4">
        {notice ? <p className="rounded-lg border border-line bg-brand-soft px-3 py-2 text-sm text-ink">{notice}</p> : null}
        {error ? (
          <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm text-danger-strong">
            {error}
          </p>
        ) : null}
      </div>

      {manage ? (
        <section aria-labelledby="invite" className="mt-6 rounded-2xl border border-line bg-surface p-5">
          <h2 id="invite" className="text-lg font-semibold text-ink">
            {t.invite}
          </h2>
          <p className="mt-1 text-sm text-muted">{t.inviteHint}</p>
          <form method="post" onSubmit={onInvite} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t.email} name="email" type="email" autoComplete="off" required maxLength={254} error={emailError} className="flex-1" />
            <Select label={t.role} name="role" defaultValue="viewer" options={ROLES.map((r) => ({ value: r, label: roles[r] }))} className="sm:w-56" />
            <Button type="submit" loading={invite.isPending} disabled={!hydrated}>
              {t.send}
            </Button>
          </form>
        </section>
      ) : null}

      <section aria-labelledby="members" className="mt-6">
        <h2 id="members" className="mb-3 text-lg font-semibold text-ink">
          {t.members}
        </h2>
        <ul className="space-y-3">
          {query.data.members.map((m) => (
            <MemberRow key={`${m.id}:${m.role}`} member={m} locale={locale} manage={manage} self={m.id === selfId} onDone={done} />
          ))}
        </ul>
      </section>

      <section className="mt-8">
        {leaving ? (
          <ConfirmInline question={t.leaveQ} yes={t.leaveYes} no={t.no} busy={leave.isPending} onYes={() => leave.mutate()} onNo={() => setLeaving(false)}>
            <p className="text-sm text-muted">{t.leaveDetail}</p>
          </ConfirmInline>
        ) : (
          <Button variant="ghost" disabled={!hydrated} onClick={() => setLeaving(true)}>
            {t.leave}
          </Button>
        )}
      </section>
    </div>
  );
}
