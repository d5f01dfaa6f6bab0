"use client";

import { Badge } from "@/components/dashboard/Badge";
import { ConfirmInline } from "@/components/dashboard/ConfirmInline";
import { roleLabels } from "@/lib/i18n/role-labels";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import type { Locale } from "@/lib/i18n/locale";
import type { MemberView } from "@/lib/team/members";
import { merchantTeamCopy } from "./merchant/copy";
import { useMerchantTeam } from "./merchant/use-merchant";

/** The ops console's view of a merchant's users: invite the owner, force a member's password reset. */
export function MerchantTeam({ locale, merchantId, members }: { locale: Locale; merchantId: string; members: MemberView[] }) {
  const t = merchantTeamCopy[locale];
  const roles = roleLabels[locale];
  const hydrated = useHydrated();
  const { confirming, setConfirming, notice, error, emailError, reset, invite, onInvite } = useMerchantTeam(locale, merchantId);
  return (
    <Section id="merchant-users" title={t.title} card>
      <div aria-live="polite">
        {notice ? <p className="mt-2 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">{notice}</p> : null}
        {error ? (
          <Alert className="mt-2">{error}</Alert>
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
    </Section>
  );
}
