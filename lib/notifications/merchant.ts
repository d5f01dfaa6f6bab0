import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type Merchant, type SecureOrder, type Withdrawal } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import type { Locale } from "@/lib/i18n/locale";
import { enqueueMail } from "@/lib/mail/outbox";
import type { MailParams, MailTemplateName } from "@/lib/mail/templates";
import type { NotificationKind } from "./kinds";
import { merchantRecipients } from "./recipients";

/** Users have no language of their own yet: merchants in Mali read French first. */
const MERCHANT_LOCALE: Locale = "fr";

const dashboardUrl = (path: string) => `${publicBaseUrl()}${path}`;
export const NOTIFICATION_SETTINGS_PATH = "/dashboard/settings/notifications";

/**
 * Enqueues one message per recipient of `kind`, in the caller's transaction. The dedupe key is
 * the cause plus the user, so a second call for the same cause (a retried job, a replayed
 * request) adds nothing. Returns how many messages this call created.
 */
async function notifyMerchant<N extends MailTemplateName>(
  db: Database,
  input: { merchantId: string; kind: NotificationKind; cause: string; template: N; params: (name: string) => MailParams<N>; merchantName?: string },
): Promise<number> {
  const recipients = await merchantRecipients(db, input.merchantId, input.kind);
  if (recipients.length === 0) return 0;
  const name = input.merchantName ?? (await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, input.merchantId)))[0]?.name;
  if (!name) return 0;
  const params = input.params(name);
  let created = 0;
  for (const r of recipients) {
    const result = await enqueueMail(db, { to: r.email, locale: MERCHANT_LOCALE, template: input.template, params, dedupeKey: `${input.cause}:${r.id}` });
    if (result.created) created++;
  }
  return created;
}

const settingsLink = () => dashboardUrl(NOTIFICATION_SETTINGS_PATH);

const WITHDRAWAL_NOTICES = ["APPROVED", "COMPLETED", "REJECTED"] as const;
type NoticedStatus = (typeof WITHDRAWAL_NOTICES)[number];
const isNoticed = (status: string): status is NoticedStatus => (WITHDRAWAL_NOTICES as readonly string[]).includes(status);

/** A withdrawal approved, paid (COMPLETED) or rejected by staff; the merchant's own cancel tells nobody. */
export async function notifyWithdrawalChange(db: Database, w: Withdrawal): Promise<number> {
  const status = w.status;
  if (!isNoticed(status)) return 0;
  return notifyMerchant(db, {
    merchantId: w.merchantId,
    kind: "withdrawal_updates",
    cause: `withdrawal:${w.id}:${status.toLowerCase()}`,
    template: "withdrawal_update",
    params: (merchantName) => ({
      merchantName,
      mode: w.mode,
      status,
      reference: w.reference,
      amount: w.amount,
      netAmount: w.netAmount,
      operatorReference: status === "COMPLETED" ? w.operatorReference : null,
      reason: status === "REJECTED" ? w.rejectionReason : null,
      link: dashboardUrl("/dashboard/withdrawals"),
      settingsLink: settingsLink(),
    }),
  });
}

/** A buyer opened a dispute on a secure order: the order can open only one. */
export function notifyDisputeOpened(db: Database, order: SecureOrder, merchant: Pick<Merchant, "id" | "name">): Promise<number> {
  return notifyMerchant(db, {
    merchantId: merchant.id,
    merchantName: merchant.name,
    kind: "dispute_opened",
    cause: `secure-order:${order.id}:disputed`,
    template: "dispute_opened",
    params: (merchantName) => ({
      merchantName,
      mode: order.mode,
      reference: order.reference,
      amount: order.amount,
      reason: order.disputeReason ?? "",
      link: dashboardUrl(`/dashboard/secure-orders/${encodeURIComponent(order.id)}`),
      settingsLink: settingsLink(),
    }),
  });
}

/**
 * Staff opened production access (false → true). Access can be closed and opened again, so the
 * cause names this opening by the merchant row's update time.
 */
export function notifyProductionOpened(db: Database, merchant: Merchant): Promise<number> {
  return notifyMerchant(db, {
    merchantId: merchant.id,
    merchantName: merchant.name,
    kind: "production_opened",
    cause: `production-opened:${merchant.id}:${merchant.updatedAt.toISOString()}`,
    template: "production_opened",
    params: (merchantName) => ({ merchantName, link: dashboardUrl("/dashboard"), settingsLink: settingsLink() }),
  });
}

/** An endpoint's failing streak reached 24 hours (./webhook-failing.ts): once per streak, named by its first failed attempt. */
export function notifyWebhookFailing(
  db: Database,
  input: { merchantId: string; endpointId: string; endpointUrl: string; mode: "test" | "live"; streakAttemptId: string; failingSince: Date; lastError: string | null },
): Promise<number> {
  return notifyMerchant(db, {
    merchantId: input.merchantId,
    kind: "webhook_failing",
    cause: `webhook-failing:${input.endpointId}:${input.streakAttemptId}`,
    template: "webhook_failing",
    params: failingEndpointParams(input),
  });
}

/** What both webhook notices say about the endpoint, for the merchant named at send time. */
const failingEndpointParams =
  (input: { mode: "test" | "live"; endpointUrl: string; failingSince: Date; lastError: string | null }) => (merchantName: string) => ({
    merchantName,
    mode: input.mode,
    endpointUrl: input.endpointUrl,
    failingSince: input.failingSince.toISOString(),
    lastError: input.lastError?.slice(0, 500) ?? null,
    link: dashboardUrl("/dashboard/webhooks"),
    settingsLink: settingsLink(),
  });

/**
 * An endpoint was disabled for failing 5 days straight (./webhook-failing.ts): told to the same
 * people as a failing endpoint, once per disabling (the cause names when it happened).
 */
export function notifyWebhookDisabled(
  db: Database,
  input: { merchantId: string; endpointId: string; endpointUrl: string; mode: "test" | "live"; disabledAt: Date; failingSince: Date; lastError: string | null },
): Promise<number> {
  return notifyMerchant(db, {
    merchantId: input.merchantId,
    kind: "webhook_failing",
    cause: `webhook-disabled:${input.endpointId}:${input.disabledAt.toISOString()}`,
    template: "webhook_disabled",
    params: failingEndpointParams(input),
  });
}
