import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { payments, type Merchant, type MerchantRequestKind, type Mode } from "@/db/schema";
import { rowsOf } from "@/db/rows";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { collectionActivity, type CollectionActivity } from "@/lib/payments/activity";
import { dashboardPayments } from "@/lib/payments/dashboard";
import { merchantBalance, type Balance } from "@/lib/withdrawals/balance";
import { latestRequests, type RequestView } from "@/lib/account/requests";

/**
 * The dashboard home: balances of the current mode (from the ledger), the last 30 days of
 * collections, the latest payments and the setup checklist.
 */

export type ChecklistState = "done" | "pending" | "todo" | "rejected";
export type ChecklistItem = { id: "kyc" | "platform_plan" | "production" | "webhook" | "test_payment"; state: ChecklistState; href: string };

export type HomeSummary = {
  mode: Mode;
  balance: Balance;
  activity: CollectionActivity;
  recent: Awaited<ReturnType<typeof dashboardPayments>>["payments"];
  checklist: ChecklistItem[];
};

const RECENT_PAYMENTS = 5;

function requestState(granted: boolean, request: RequestView | undefined): ChecklistState {
  if (granted) return "done";
  if (request?.status === "pending") return "pending";
  if (request?.status === "rejected") return "rejected";
  return "todo";
}

/**
 * Whether the merchant has a webhook endpoint in this mode. The webhooks area owns that table;
 * until its migration exists (`to_regclass` is null) the step simply stays to do.
 */
async function hasWebhookEndpoint(db: Database, merchantId: string, mode: Mode): Promise<boolean> {
  const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('public.webhook_endpoints')::text as t`));
  if (!exists?.t) return false;
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from webhook_endpoints where merchant_id = ${merchantId} and mode = ${mode} and kind = 'http'`));
  return Number(rows[0]?.n ?? 0) > 0;
}

async function hasSuccessfulTestPayment(db: Database, merchantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchantId, merchantId), eq(payments.mode, "test"), eq(payments.status, "SUCCESS")))
    .limit(1);
  return Boolean(row);
}

export async function setupChecklist(db: Database, merchant: Merchant, mode: Mode): Promise<ChecklistItem[]> {
  // Sequential on purpose: a request never holds two pooled connections at once.
  const requests = await latestRequests(db, merchant.id);
  const webhook = await hasWebhookEndpoint(db, merchant.id, mode);
  const testPayment = await hasSuccessfulTestPayment(db, merchant.id);
  const req = (kind: MerchantRequestKind) => requests[kind];
  const kyc: ChecklistState =
    merchant.kycStatus === "approved" ? "done" : merchant.kycStatus === "rejected" ? "rejected" : req("kyc")?.status === "pending" ? "pending" : "todo";
  const planCurrent = merchant.platformPlan !== "none" && merchant.platformPeriodEnd !== null && merchant.platformPeriodEnd > systemNow();
  return [
    { id: "kyc", state: kyc, href: "/dashboard/settings#kyc" },
    { id: "platform_plan", state: requestState(planCurrent, req("platform_plan")), href: "/dashboard/settings#plan" },
    { id: "production", state: requestState(merchant.productionEnabled, req("production_access")), href: "/dashboard/settings#production" },
    { id: "webhook", state: webhook ? "done" : "todo", href: "/dashboard/webhooks" },
    { id: "test_payment", state: testPayment ? "done" : "todo", href: "/dashboard/developers" },
  ];
}

export async function homeSummary(ctx: DomainContext): Promise<HomeSummary> {
  const balance = await merchantBalance(ctx.db, ctx.merchant.id, ctx.mode);
  const recent = (await dashboardPayments(ctx, { page: 1, limit: RECENT_PAYMENTS })).payments;
  const activity = await collectionActivity(ctx);
  const checklist = await setupChecklist(ctx.db, ctx.merchant, ctx.mode);
  return { mode: ctx.mode, balance, activity, recent, checklist };
}
