"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import { Section } from "@/components/ui/Section";
import type { MerchantRole } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { MemberView } from "@/lib/team/members";
import { Badge } from "../Badge";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { roleLabels } from "@/lib/i18n/role-labels";
import { ROLES } from "../roles";
import { Select } from "../Select";
import { useHydrated } from "../useHydrated";
import { teamCopy } from "./copy";
import { useMemberActions, useTeam, type Team } from "./use-team";

function MemberRow({ member, locale, manage, self, onDone }: { member: MemberView; locale: Locale; manage: boolean; self: boolean; onDone: (message: string | null, error: string | null) => void }) {
  const t = teamCopy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const [role, setRole] = useState<MerchantRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const { changeRole, resend, remove } = useMemberActions(member, role, locale, onDone);
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
  const t = teamCopy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const { query, notice, error, emailError, done, invite, leave, onInvite } = useTeam(locale, initial);
  const [leaving, setLeaving] = useState(false);

  return (
    <PageFrame title={t.title} description={t.intro}>
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
          <Alert>{error}</Alert>
        ) : null}
      </div>

      {manage ? (
        <Section id="invite" title={t.invite} card className="mt-6">
          <p className="mt-1 text-sm text-muted">{t.inviteHint}</p>
          <form method="post" onSubmit={onInvite} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t.email} name="email" type="email" autoComplete="off" required maxLength={254} error={emailError} className="flex-1" />
            <Select label={t.role} name="role" defaultValue="viewer" options={ROLES.map((r) => ({ value: r, label: roles[r] }))} className="sm:w-56" />
            <Button type="submit" loading={invite.isPending} disabled={!hydrated}>
              {t.send}
            </Button>
          </form>
        </Section>
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
    </PageFrame>
  );
}
