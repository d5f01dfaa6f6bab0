"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import { Badge } from "../Badge";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { SecretReveal } from "../SecretReveal";
import { Select } from "../Select";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { DeliveryDetail } from "./webhooks/DeliveryDetail";
import { DeliveryStats, type DeliveryStatsData } from "./webhooks/DeliveryStats";
import { debuggerCopy } from "./webhooks/debugger-copy";
import { EndpointEditForm } from "./webhooks/EndpointEditForm";
import { EventPicker, noneChosenMessage } from "./webhooks/EventPicker";
import { ResendEventForm } from "./webhooks/ResendEventForm";
import { ResendFailedForm } from "./webhooks/ResendFailedForm";
import { resendCopy } from "./webhooks/resend-copy";
import { webhooksCopy } from "./webhooks/copy";
import { useWebhooks, type Endpoint, type Log, type WebhooksOverview } from "./webhooks/use-webhooks";

function LogRow({
  log,
  locale,
  mode,
  endpoints,
  onRetry,
  retrying,
  canManage,
  canReadLogs,
}: {
  log: Log;
  locale: Locale;
  mode: Mode;
  endpoints: Endpoint[];
  onRetry: () => void;
  retrying: boolean;
  canManage: boolean;
  canReadLogs: boolean;
}) {
  const t = webhooksCopy[locale];
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3" data-testid="webhook-log">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <code className="font-mono break-all">{log.event_type}</code>
        <span data-testid="delivery-status">
          <StatusBadge kind="delivery" status={log.status} locale={locale} code />
        </span>
      </div>
      <p className="mt-1 text-xs break-all text-muted">{log.url}</p>
      <p className="text-xs text-muted">
        {t.attempts} : {log.attempt_count}
        {log.response_status ? ` · ${t.lastAnswer} ${log.response_status}` : ""} · <DateTime value={log.created_at} locale={locale} />
      </p>
      {canReadLogs || canManage ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {canReadLogs ? (
            <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? t.hide : t.details}
            </Button>
          ) : null}
          {canManage ? (
            <Button variant="secondary" loading={retrying} onClick={onRetry}>
              {t.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open ? <DeliveryDetail id={log.id} attemptCount={log.attempt_count} locale={locale} /> : null}
      {open && canManage ? <ResendEventForm locale={locale} mode={mode} log={log} endpoints={endpoints} /> : null}
    </li>
  );
}

export function WebhooksView({
  locale,
  mode,
  initial,
  initialStats,
  eventTypes,
  canManage,
  canReadLogs,
}: {
  locale: Locale;
  mode: Mode;
  initial: WebhooksOverview;
  initialStats: DeliveryStatsData;
  eventTypes: string[];
  /** developers.manage: endpoints, secrets, test and re-sent deliveries (the server refuses the others too). */
  canManage: boolean;
  /** developers.logs: a delivery's payload and its attempts' requests and responses. */
  canReadLogs: boolean;
}) {
  const t = webhooksCopy[locale];
  const hydrated = useHydrated();
  const { query, stats, status, setStatus, editing, setEditing, removing, setRemoving, editUrlError, setEditUrlError, secret, setSecret, error, setError, notice, urlError, create, update, remove, roll, test, retry, onCreate } = useWebhooks({ locale, mode, initial, initialStats });
  const data = query.data;
  const [resending, setResending] = useState<string | null>(null);
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      {canReadLogs ? (
        <p className="mt-2">
          <Link href="/dashboard/webhooks/debugger" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
            {debuggerCopy[locale].open}
          </Link>
        </p>
      ) : null}
      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      <Alert tone="success" variant="inline" className="mt-2">
        {notice}
      </Alert>
      {secret ? (
        <div className="mt-4">
          <SecretReveal kind="secret" title={t.secretTitle} secret={secret.secret} locale={locale} onDone={() => setSecret(null)} />
        </div>
      ) : null}

      <section aria-labelledby="wh-endpoints" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="wh-endpoints" className="text-lg font-semibold text-ink">
            {t.endpoints}
          </h2>
          {canManage ? (
            <Button variant="secondary" onClick={() => test.mutate()} loading={test.isPending} disabled={!hydrated}>
              {t.sendTest}
            </Button>
          ) : null}
        </div>
        {!data ? (
          <Spinner label={t.loading} />
        ) : data.endpoints.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {data.endpoints.map((e) => (
              <li key={e.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid="webhook-endpoint">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-mono text-sm text-ink">{e.url}</span>
                    <Badge tone={e.enabled ? "success" : "neutral"}>{e.enabled ? t.enabled : t.disabled}</Badge>
                  </p>
                  <p className="text-xs text-muted">
                    {e.enabled_events.length && !e.enabled_events.includes("*") ? e.enabled_events.join(", ") : t.allEvents} · <DateTime value={e.created_at} locale={locale} />
                  </p>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => update.mutate({ id: e.id, body: { enabled: !e.enabled } })}>
                      {e.enabled ? t.disable : t.enable}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button variant="secondary" onClick={() => roll.mutate(e.id)} loading={roll.isPending && roll.variables === e.id}>
                      {t.roll}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      aria-expanded={editing === e.id}
                      onClick={() => {
                        setEditUrlError(undefined);
                        setEditing(editing === e.id ? null : e.id);
                      }}
                    >
                      {t.edit}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button variant="secondary" aria-expanded={resending === e.id} onClick={() => setResending(resending === e.id ? null : e.id)}>
                      {resendCopy[locale].failedOpen}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button variant="secondary" aria-expanded={removing === e.id} onClick={() => setRemoving(removing === e.id ? null : e.id)}>
                      {t.remove}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                  </div>
                ) : null}
                {canManage && resending === e.id ? (
                  <div className="sm:basis-full">
                    <ResendFailedForm locale={locale} mode={mode} endpointId={e.id} onClose={() => setResending(null)} />
                  </div>
                ) : null}
                {canManage && editing === e.id ? (
                  <div className="sm:basis-full">
                    <EndpointEditForm
                      locale={locale}
                      endpoint={e}
                      eventTypes={eventTypes}
                      saving={update.isPending}
                      urlError={editUrlError}
                      onSave={(change) => update.mutate({ id: e.id, body: change })}
                      onCancel={() => setEditing(null)}
                      onInvalid={() => setError(noneChosenMessage(locale))}
                    />
                  </div>
                ) : null}
                {canManage && removing === e.id ? (
                  <div className="sm:basis-full">
                    <ConfirmInline question={t.removeQuestion} yes={t.removeYes} no={t.cancel} busy={remove.isPending} onYes={() => remove.mutate(e.id)} onNo={() => setRemoving(null)}>
                      <p className="text-sm text-ink">{t.removeEffect}</p>
                      <p className="font-mono text-xs break-all text-muted">{e.url}</p>
                    </ConfirmInline>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <form method="post" onSubmit={onCreate} noValidate className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2">
            <h3 className="font-semibold text-ink sm:col-span-2">{t.newEndpoint}</h3>
            <Field label={t.url} name="url" type="url" hint={t.urlHint} error={urlError} className="sm:col-span-2" />
            <Field label={t.description} name="description" maxLength={200} />
            <div className="sm:col-span-2">
              <EventPicker locale={locale} eventTypes={eventTypes} />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" loading={create.isPending} disabled={!hydrated}>
                {t.add}
              </Button>
            </div>
          </form>
        ) : null}
      </section>

      <section aria-labelledby="wh-stats" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wh-stats" className="text-lg font-semibold text-ink">
          {t.stats}
        </h2>
        <div className="mt-2">
          <DeliveryStats locale={locale} data={stats.data} />
        </div>
      </section>

      <section aria-labelledby="wh-logs" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wh-logs" className="text-lg font-semibold text-ink">
          {t.logs}
        </h2>
        <Select
          label={t.status}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: "", label: t.all }, ...statusesOf("delivery").map((s) => ({ value: s, label: statusLabel("delivery", s, locale) }))]}
          className="mt-2 max-w-xs"
        />
        {!data ? (
          <Spinner label={t.loading} />
        ) : data.logs.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noLogs}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {data.logs.map((l) => (
              <LogRow
                key={l.id}
                log={l}
                locale={locale}
                mode={mode}
                endpoints={data.endpoints}
                canManage={canManage}
                canReadLogs={canReadLogs}
                onRetry={() => retry.mutate(l.id)}
                retrying={retry.isPending && retry.variables === l.id}
              />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
