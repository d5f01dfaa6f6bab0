"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { KeyView } from "@/lib/account/developers";
import type { Locale } from "@/lib/i18n/locale";
import { applicationName } from "./ApplicationSwitch";
import { Badge } from "./Badge";
import { DateTime } from "./DateTime";
import { RequestLog } from "./RequestLog";
import { SecretReveal } from "./SecretReveal";
import { useHydrated } from "./useHydrated";
import { developersCopy } from "./developers/copy";
import { useDevelopers, type DevelopersOverview } from "./developers/use-developers";
import { useRestrictedKeys } from "./developers/use-restricted-keys";
import { RestrictedKeyForm } from "./developers/RestrictedKeyForm";
import type { KeyResource } from "@/lib/platform/key-permissions";
import type { RestrictedKeyView } from "@/lib/platform/restricted-keys";

/** What a restricted key may do, in words: "Paiements : écriture · Factures : lecture". */
function PermissionList({ restricted, locale }: { restricted: RestrictedKeyView; locale: Locale }) {
  const t = developersCopy[locale].restricted;
  const granted = (Object.keys(t.resources) as KeyResource[]).filter((r) => restricted.permissions[r] !== "none");
  return (
    <p className="mt-1 text-xs text-ink" data-testid="key-permissions">
      <span className="font-semibold">{t.allows}</span>{" "}
      {granted.map((r, i) => (
        <span key={r}>
          {i ? " · " : null}
          {t.grant(t.resources[r], t[restricted.permissions[r]])}
        </span>
      ))}
    </p>
  );
}

function KeyRow({
  k,
  locale,
  onRevoke,
  busy,
  canManage,
  restricted,
}: {
  k: KeyView;
  locale: Locale;
  onRevoke: (id: string) => void;
  busy: boolean;
  canManage: boolean;
  restricted?: RestrictedKeyView;
}) {
  const t = developersCopy[locale];
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          {restricted ? <span className="text-sm font-semibold break-all text-ink">{restricted.name}</span> : null}
          <code className="font-mono text-sm break-all text-ink">{k.display}</code>
          {k.revoked_at ? <Badge tone="neutral">{t.revoked}</Badge> : <Badge tone="success">{t.active}</Badge>}
          {restricted ? <Badge tone="info">{t.restricted.badge}</Badge> : null}
        </p>
        {restricted ? <PermissionList restricted={restricted} locale={locale} /> : null}
        <p className="mt-1 text-xs text-muted">
          {t.created} <DateTime value={k.created_at} locale={locale} /> · {t.lastUsed} : {k.last_used_at ? <DateTime value={k.last_used_at} locale={locale} /> : t.never}
          {k.revoked_at ? (
            <>
              {" "}
              · {t.revokedOn} <DateTime value={k.revoked_at} locale={locale} />
            </>
          ) : null}
        </p>
      </div>
      {canManage && !k.revoked_at ? (
        confirming ? (
          <div role="group" aria-label={t.revokeConfirm} className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-danger">{t.revokeConfirm}</span>
            <Button variant="danger" loading={busy} onClick={() => onRevoke(k.id)}>
              {t.revokeYes}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t.revoke}
            <span className="sr-only"> {k.display}</span>
          </Button>
        )
      ) : null}
    </li>
  );
}

export function DevelopersView({
  locale,
  mode,
  productionEnabled,
  apiBaseUrl,
  initial,
  initialRestricted,
  showRequestLog,
  canManage,
}: {
  locale: Locale;
  mode: Mode;
  productionEnabled: boolean;
  apiBaseUrl: string;
  initial: DevelopersOverview;
  /** The restricted keys of the mode, with their names and permissions. */
  initialRestricted: RestrictedKeyView[];
  /** The request log carries request bodies: only roles with developers.logs see it. */
  showRequestLog: boolean;
  /** Keys and applications are created and revoked by roles with developers.manage; the others only read (the server refuses them too). */
  canManage: boolean;
}) {
  const t = developersCopy[locale];
  const hydrated = useHydrated();
  const { appNameError, createApp, createKey, error, liveLocked, onCreateApp, query, revealed, revoke, setRevealed } = useDevelopers({ locale, mode, initial, productionEnabled });
  const restrictedKeys = useRestrictedKeys({ locale, mode, initial: initialRestricted });
  return (
    <PageFrame title={t.title} description={t.intro(mode)} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      <dl className="mt-4 flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:gap-3">
        <dt className="text-sm font-semibold text-muted">{t.baseUrl}</dt>
        <dd className="min-w-0">
          <code className="font-mono text-sm break-all text-ink">{apiBaseUrl}</code>
        </dd>
        <dd className="sm:ml-auto">
          <Link href="/docs" className="text-sm font-semibold text-brand underline">
            {t.docs}
          </Link>
        </dd>
      </dl>

      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      {liveLocked ? (
        <p className="mt-4 rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink">
          {t.liveLocked}{" "}
          <Link href="/dashboard/settings#production" className="font-semibold text-brand underline">
            {t.requestProduction}
          </Link>
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">{t.applications}</h2>
      <div className="mt-3 space-y-4">
        {query.data.applications.map((app) => (
          <section key={app.id} aria-labelledby={`app-${app.id}`} className="rounded-2xl border border-line bg-surface p-5">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 id={`app-${app.id}`} className="font-semibold text-ink">
                  {applicationName(app.name, locale)}
                </h3>
                <p className="text-xs text-muted">
                  {t.applicationId} <code className="font-mono break-all">{app.id}</code> · {t.created} <DateTime value={app.created_at} locale={locale} />
                </p>
              </div>
              {canManage ? (
                <Button onClick={() => createKey.mutate(app.id)} loading={createKey.isPending && createKey.variables === app.id} disabled={liveLocked || !hydrated}>
                  {t.createKey}
                  <span className="sr-only"> : {applicationName(app.name, locale)}</span>
                </Button>
              ) : null}
            </div>
            {revealed?.applicationId === app.id && revealed.mode === mode ? (
              <div className="mt-4">
                <SecretReveal title={t.newKey} secret={revealed.key} locale={locale} onDone={() => setRevealed(null)} />
              </div>
            ) : null}
            <h4 className="mt-4 text-sm font-semibold text-muted">{t.keys}</h4>
            {app.keys.length === 0 ? (
              <p className="mt-1 text-sm text-muted">{t.noKeys}</p>
            ) : (
              <ul className="divide-y divide-line">
                {app.keys.map((k) => (
                  <KeyRow key={k.id} k={k} locale={locale} canManage={canManage} restricted={restrictedKeys.byId.get(k.id)} busy={revoke.isPending && revoke.variables === k.id} onRevoke={(id) => revoke.mutate(id)} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>

      {canManage ? <RestrictedKeyForm locale={locale} applications={query.data.applications} disabled={liveLocked || !hydrated} keys={restrictedKeys} /> : null}

      {showRequestLog ? <RequestLog locale={locale} mode={mode} /> : null}

      {canManage ? (
        <section aria-labelledby="new-app" className="mt-8 rounded-2xl border border-line bg-surface p-5">
          <h2 id="new-app" className="text-lg font-semibold text-ink">
            {t.newApp}
          </h2>
          <form method="post" onSubmit={onCreateApp} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t.appName} hint={t.appHint} name="name" required maxLength={60} error={appNameError} className="flex-1" />
            <Button type="submit" loading={createApp.isPending} disabled={!hydrated}>
              {t.createApp}
            </Button>
          </form>
        </section>
      ) : null}
    </PageFrame>
  );
}
