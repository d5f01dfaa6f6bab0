import type { Api } from "./api.js";
import { CliError } from "./errors.js";
import { applyOverride, type Override } from "./overrides.js";

/** What a trigger made, printed for the developer (ids to look up, pages to open). */
export type Created = { object: string; id: string; status?: string; url?: string };

type Obj = Record<string, unknown>;

export type TriggerContext = {
  api: Api;
  /** `base` with the --set overrides addressed to this body (the recipe's main one unless it routes a field elsewhere). */
  body: <T extends Obj>(name: string, base: T) => Obj;
  /** A line of progress while the steps run. */
  step: (text: string) => void;
  created: Created[];
};

/**
 * One event type and the real sandbox calls that make the service emit it, in order. `main` is
 * the body --set writes to; `routes` sends some top-level fields to another body (a
 * subscription's amount is its plan's); `aliases` are the short names developers type.
 */
export type Recipe = {
  description: string;
  main: string;
  routes?: Record<string, string>;
  aliases?: Record<string, string>;
  run: (ctx: TriggerContext) => Promise<{ mainId: string }>;
};

const RETURN_URL = "https://example.com/cauri-cli/return";
/** The sandbox's test numbers (GET /v1/sandbox/scenarios): approved, declined, never answers, approved only after expiry. */
const APPROVES = "+22370000001";
const DECLINES = "+22370000002";
const NEVER_ANSWERS = "+22370000003";
const APPROVES_AFTER_EXPIRY = "+22370000012";
/** That number's approval comes this long after the payment's expires_at. */
const LATE_APPROVAL_S = 60;

const REPORT_WAIT_S = 60;

const get = async <T = Obj>(api: Api, path: string) => (await api.call<T>("GET", path)).data;
const post = async <T = Obj>(api: Api, path: string, body: unknown = {}) => (await api.call<T>("POST", path, { body })).data;

type Payment = { id: string; status: string; redirect_url?: string; expires_at: string };

/** The payment created, and the number it went to (the creation's answer does not repeat it). */
async function createPayment(ctx: TriggerContext, phone: string): Promise<Payment & { phone: string }> {
  ctx.step("Creating a payment");
  const body = ctx.body("payment", { amount: 5_000, currency: "XOF", payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: RETURN_URL, description: "cauri trigger" });
  const payment = await post<Payment>(ctx.api, "/v1/payments", body);
  ctx.created.push({ object: "payment", id: payment.id, status: payment.status, url: payment.redirect_url });
  return { ...payment, phone: String(body.customer_phone) };
}

async function settle(ctx: TriggerContext, payment: Payment, outcome: "SUCCESS" | "FAILED"): Promise<Payment> {
  ctx.step(`Simulating the operator's ${outcome}`);
  const settled = await post<Payment>(ctx.api, `/v1/sandbox/payments/${payment.id}/simulate`, { outcome });
  Object.assign(ctx.created.find((c) => c.id === payment.id)!, { status: settled.status });
  return settled;
}

/** A collection pushed to a test number is settled by the simulator already; any other number waits for this. */
async function settleIfPending(ctx: TriggerContext, payment: Payment, outcome: "SUCCESS" | "FAILED") {
  if (payment.status === "PENDING") await settle(ctx, payment, outcome);
}

async function advanceClock(ctx: TriggerContext, seconds: number) {
  ctx.step(`Advancing the sandbox clock by ${seconds}s (due work runs)`);
  return post<{ now: string; offset_seconds: number }>(ctx.api, "/v1/sandbox/clock/advance", { seconds });
}

const sandboxNow = async (ctx: TriggerContext) => Date.parse((await get<{ now: string }>(ctx.api, "/v1/sandbox/clock")).now);

/** Moves the sandbox clock to `seconds` past `at` (an instant on the merchant's test clock). */
async function advancePast(ctx: TriggerContext, at: number, seconds: number) {
  await advanceClock(ctx, Math.max(1, Math.ceil((at - (await sandboxNow(ctx))) / 1000) + seconds));
}

async function refreshPayment(ctx: TriggerContext, id: string) {
  ctx.created.find((c) => c.id === id)!.status = (await get<Payment>(ctx.api, `/v1/payments/${id}`)).status;
}

type SecureOrder = { id: string; status: string; buyer_url?: string };

async function secureOrder(ctx: TriggerContext, paid: boolean): Promise<SecureOrder> {
  ctx.step("Creating a secure order");
  const body = ctx.body("secure_order", { amount: 10_000, description: "Commande test (cauri trigger)", customer_phone: APPROVES });
  let order = await post<SecureOrder>(ctx.api, "/v1/secure-orders", body);
  ctx.created.push({ object: "secure_order", id: order.id, status: order.status, url: order.buyer_url });
  if (paid) {
    ctx.step("Simulating the buyer's payment");
    order = await post<SecureOrder>(ctx.api, `/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { outcome: "SUCCESS" });
    ctx.created.at(-1)!.status = order.status;
  }
  return order;
}

type Subscription = { id: string; status: string };

async function subscription(ctx: TriggerContext, phone = APPROVES): Promise<Subscription> {
  ctx.step("Creating a plan");
  const plan = await post<{ id: string }>(ctx.api, "/v1/billing/plans", ctx.body("plan", { name: "Plan test (cauri trigger)", amount: 5_000, interval: "MONTHLY" }));
  ctx.created.push({ object: "plan", id: plan.id });
  ctx.step("Subscribing a customer");
  const sub = await post<Subscription>(ctx.api, "/v1/billing/subscriptions", ctx.body("subscription", { plan_id: plan.id, customer_phone: phone }));
  ctx.created.push({ object: "subscription", id: sub.id, status: sub.status });
  return sub;
}

/** The collection the billing cycle opened for a subscription: named by its payment_due event. */
async function dueCollection(ctx: TriggerContext, sub: Subscription): Promise<Payment> {
  await advanceClock(ctx, 1);
  const event = (await recentEvents(ctx.api)).find((e) => e.type === "subscription.payment_due" && e.data?.id === sub.id);
  const paymentId = event?.data?.payment_id;
  if (typeof paymentId !== "string") throw new Error(`The billing cycle opened no collection for ${sub.id}.`);
  const payment = await get<Payment>(ctx.api, `/v1/payments/${paymentId}`);
  ctx.created.push({ object: "payment", id: payment.id, status: payment.status, url: payment.redirect_url });
  return payment;
}

type Invoice = { id: string; status: string; hosted_invoice_url?: string | null };

async function invoice(ctx: TriggerContext, extra: Obj = {}): Promise<Invoice> {
  ctx.step("Creating an invoice");
  const raw = ctx.body("invoice", { customer_phone: APPROVES, customer_name: "Client test", lines: [{ description: "Article test (cauri trigger)", quantity: 1, unit_amount: 5_000 }], ...extra });
  // `--set amount=…` is the invoice's total: one line of that amount.
  const { amount, ...body } = raw;
  if (amount !== undefined) body.lines = [{ description: "Article test (cauri trigger)", quantity: 1, unit_amount: amount }];
  const draft = await post<Invoice>(ctx.api, "/v1/invoices", body);
  ctx.created.push({ object: "invoice", id: draft.id, status: draft.status });
  ctx.step("Finalizing it");
  const open = await post<Invoice>(ctx.api, `/v1/invoices/${draft.id}/finalize`);
  Object.assign(ctx.created.at(-1)!, { status: open.status, url: open.hosted_invoice_url ?? undefined });
  return open;
}

type Withdrawal = { id: string; status: string };

async function withdrawal(ctx: TriggerContext): Promise<Withdrawal> {
  // A withdrawal needs an available balance of at least its amount: one approved payment first.
  ctx.step("Funding the test balance with a payment");
  const body = ctx.body("withdrawal", { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: APPROVES, notes: "cauri trigger" });
  const amount = typeof body.amount === "number" ? body.amount : 50_000;
  const funding = await post<Payment>(ctx.api, "/v1/payments", { amount: Math.min(5_000_000, Math.ceil(amount * 1.05) + 1_000), currency: "XOF", payment_method: "OPERATOR_MONEY", customer_phone: APPROVES, return_url: RETURN_URL, description: "cauri trigger: balance for a withdrawal" });
  ctx.created.push({ object: "payment", id: funding.id, status: funding.status });
  await settle(ctx, funding, "SUCCESS");
  ctx.step("Requesting a withdrawal");
  const w = await post<Withdrawal>(ctx.api, "/v1/withdrawals", body);
  ctx.created.push({ object: "withdrawal", id: w.id, status: w.status });
  return w;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type EventSummary = { id: string; type: string; data?: Obj & { id?: unknown; payment_id?: unknown } };

/** The latest events of the key (GET /v1/webhooks/events answers them oldest first). */
export async function recentEvents(api: Api): Promise<EventSummary[]> {
  return (await api.call<EventSummary[]>("GET", "/v1/webhooks/events", { query: { limit: 100 } })).data;
}

const payment = (phone: string, outcome: "SUCCESS" | "FAILED") => async (ctx: TriggerContext) => {
  const created = await createPayment(ctx, phone);
  await settle(ctx, created, outcome);
  return { mainId: created.id };
};

export const RECIPES: Record<string, Recipe> = {
  "payment.success": { description: "a payment to the approving test number, settled SUCCESS", main: "payment", run: payment(APPROVES, "SUCCESS") },
  "payment.failed": { description: "a payment to the declining test number, settled FAILED", main: "payment", run: payment(DECLINES, "FAILED") },
  "payment.expired": {
    description: "a payment nobody answers, then the sandbox clock moved past its expires_at",
    main: "payment",
    run: async (ctx) => {
      const created = await createPayment(ctx, NEVER_ANSWERS);
      await advancePast(ctx, Date.parse(created.expires_at), 1);
      await refreshPayment(ctx, created.id);
      return { mainId: created.id };
    },
  },
  "payment.late_success": {
    description: "a payment confirmed on the checkout, approved only after it expired (a late collection)",
    main: "payment",
    run: async (ctx) => {
      const created = await createPayment(ctx, APPROVES_AFTER_EXPIRY);
      ctx.step("Confirming it as the customer would on the checkout");
      await post(ctx.api, `/v1/payments/${created.id}/confirm`, { customer_phone: created.phone });
      await advancePast(ctx, Date.parse(created.expires_at), LATE_APPROVAL_S + 1);
      await refreshPayment(ctx, created.id);
      return { mainId: created.id };
    },
  },
  "webhook.test": {
    description: "POST /v1/webhooks/test (to your endpoints)",
    main: "test",
    run: async (ctx) => {
      ctx.step("Sending a test event");
      const sent = await post<{ event_id: string }>(ctx.api, "/v1/webhooks/test", ctx.body("test", {}));
      return { mainId: sent.event_id };
    },
  },
  "secure_order.paid": { description: "a secure order, paid by the simulated buyer (funds held)", main: "secure_order", run: async (ctx) => ({ mainId: (await secureOrder(ctx, true)).id }) },
  "secure_order.released": {
    description: "a paid secure order whose delivery code is then confirmed",
    main: "secure_order",
    run: async (ctx) => {
      const order = await secureOrder(ctx, true);
      ctx.step("Confirming the delivery code");
      const { code } = await get<{ code: string }>(ctx.api, `/v1/sandbox/secure-orders/${order.id}/delivery-code`);
      ctx.created.at(-1)!.status = (await post<SecureOrder>(ctx.api, `/v1/secure-orders/${order.id}/confirm-delivery`, { code })).status;
      return { mainId: order.id };
    },
  },
  "secure_order.disputed": {
    description: "a paid secure order, then disputed by the simulated buyer (Cauri's staff decide)",
    main: "secure_order",
    run: async (ctx) => {
      const order = await secureOrder(ctx, true);
      ctx.step("Opening the buyer's dispute");
      ctx.created.at(-1)!.status = (await post<SecureOrder>(ctx.api, `/v1/sandbox/secure-orders/${order.id}/simulate-dispute`)).status;
      return { mainId: order.id };
    },
  },
  "secure_order.cancelled": {
    description: "an unpaid secure order, cancelled",
    main: "secure_order",
    run: async (ctx) => {
      const order = await secureOrder(ctx, false);
      ctx.step("Cancelling it");
      ctx.created.at(-1)!.status = (await post<SecureOrder>(ctx.api, `/v1/secure-orders/${order.id}/cancel`, { reason: "cauri trigger" })).status;
      return { mainId: order.id };
    },
  },
  "secure_order.refunded": {
    description: "a paid secure order, cancelled (the buyer is refunded)",
    main: "secure_order",
    run: async (ctx) => {
      const order = await secureOrder(ctx, true);
      ctx.step("Cancelling it");
      ctx.created.at(-1)!.status = (await post<SecureOrder>(ctx.api, `/v1/secure-orders/${order.id}/cancel`, { reason: "cauri trigger" })).status;
      return { mainId: order.id };
    },
  },
  "subscription.created": { description: "a monthly plan and a subscription to it", main: "subscription", routes: { amount: "plan", interval: "plan", name: "plan" }, run: async (ctx) => ({ mainId: (await subscription(ctx)).id }) },
  "subscription.payment_due": {
    description: "a subscription, then the clock advanced 1s so the billing cycle opens its first collection",
    main: "subscription",
    routes: { amount: "plan", interval: "plan", name: "plan" },
    run: async (ctx) => {
      const sub = await subscription(ctx);
      await dueCollection(ctx, sub);
      return { mainId: sub.id };
    },
  },
  "subscription.renewed": {
    description: "a subscription whose first collection is then paid",
    main: "subscription",
    routes: { amount: "plan", interval: "plan", name: "plan" },
    run: async (ctx) => {
      const sub = await subscription(ctx, APPROVES);
      await settleIfPending(ctx, await dueCollection(ctx, sub), "SUCCESS");
      return { mainId: sub.id };
    },
  },
  "subscription.payment_failed": {
    description: "a subscription whose first collection then fails",
    main: "subscription",
    routes: { amount: "plan", interval: "plan", name: "plan" },
    run: async (ctx) => {
      const sub = await subscription(ctx, DECLINES);
      await settleIfPending(ctx, await dueCollection(ctx, sub), "FAILED");
      return { mainId: sub.id };
    },
  },
  "subscription.cancelled": {
    description: "a subscription, then cancelled",
    main: "subscription",
    routes: { amount: "plan", interval: "plan", name: "plan" },
    run: async (ctx) => {
      const sub = await subscription(ctx);
      ctx.step("Cancelling it");
      ctx.created.at(-1)!.status = (await ctx.api.call<Subscription>("DELETE", `/v1/billing/subscriptions/${sub.id}`)).data.status;
      return { mainId: sub.id };
    },
  },
  "invoice.finalized": { description: "an invoice, finalized (numbered, payable)", main: "invoice", run: async (ctx) => ({ mainId: (await invoice(ctx)).id }) },
  "invoice.sent": {
    description: "a finalized invoice, sent by text message",
    main: "invoice",
    run: async (ctx) => {
      const open = await invoice(ctx);
      ctx.step("Sending it by text message");
      await post(ctx.api, `/v1/invoices/${open.id}/send`, { channels: ["sms"] });
      return { mainId: open.id };
    },
  },
  "invoice.paid": {
    description: "a finalized invoice, paid by the simulated customer",
    main: "invoice",
    run: async (ctx) => {
      const open = await invoice(ctx);
      ctx.step("Paying it as the customer would from its page");
      ctx.created.at(-1)!.status = (await post<Invoice>(ctx.api, `/v1/sandbox/invoices/${open.id}/simulate-payment`, { outcome: "SUCCESS" })).status;
      return { mainId: open.id };
    },
  },
  "invoice.overdue": {
    description: "an invoice due today, then the sandbox clock moved to the next day",
    main: "invoice",
    run: async (ctx) => {
      const today = new Date(await sandboxNow(ctx)).toISOString().slice(0, 10);
      const open = await invoice(ctx, { due_date: today });
      // Mali's day is the UTC day: the invoice is overdue from the next midnight.
      await advancePast(ctx, Date.parse(`${today}T00:00:00Z`) + 86_400_000, 1);
      ctx.created.at(-1)!.status = (await get<Invoice>(ctx.api, `/v1/invoices/${open.id}`)).status;
      return { mainId: open.id };
    },
  },
  "invoice.voided": {
    description: "a finalized invoice, voided",
    main: "invoice",
    run: async (ctx) => {
      const open = await invoice(ctx);
      ctx.step("Voiding it");
      ctx.created.at(-1)!.status = (await post<Invoice>(ctx.api, `/v1/invoices/${open.id}/void`, { reason: "cauri trigger" })).status;
      return { mainId: open.id };
    },
  },
  "withdrawal.requested": {
    description: "a payment that funds the balance, then a withdrawal request (needs approved KYC)",
    main: "withdrawal",
    aliases: { phone: "phone_number" },
    run: async (ctx) => ({ mainId: (await withdrawal(ctx)).id }),
  },
  "withdrawal.cancelled": {
    description: "a withdrawal request, then cancelled",
    main: "withdrawal",
    aliases: { phone: "phone_number" },
    run: async (ctx) => {
      const w = await withdrawal(ctx);
      ctx.step("Cancelling it");
      ctx.created.at(-1)!.status = (await ctx.api.call<Withdrawal>("PATCH", `/v1/withdrawals/${w.id}/cancel`, { body: {} })).data.status;
      return { mainId: w.id };
    },
  },
  "report.ready": {
    description: "a payments export for the last 30 days, waited for until READY",
    main: "report",
    run: async (ctx) => {
      ctx.step("Asking for a report");
      const now = Date.now();
      const body = ctx.body("report", { type: "payments", format: "csv", from: new Date(now - 30 * 86_400_000).toISOString(), to: new Date(now + 60_000).toISOString() });
      let report = await post<{ id: string; status: string }>(ctx.api, "/v1/reports", body);
      ctx.created.push({ object: "report", id: report.id, status: report.status });
      const started = Date.now();
      while (report.status === "PENDING") {
        const waited = Math.round((Date.now() - started) / 1000);
        if (waited >= REPORT_WAIT_S) throw new CliError(`The report ${report.id} is still PENDING after ${REPORT_WAIT_S}s: reports are written by the service's background jobs (is the server started with npm run dev or npm start?).`, "REPORT_PENDING");
        ctx.step(`Waiting for the report to be written (${waited}s)`);
        await sleep(1_000);
        report = await get(ctx.api, `/v1/reports/${report.id}`);
      }
      ctx.created.at(-1)!.status = report.status;
      return { mainId: report.id };
    },
  },
};

/** Events a key cannot cause: Cauri's staff decide them in the ops console. */
export const STAFF_EVENTS: Record<string, string> = {
  "withdrawal.approved": "staff approve a withdrawal request",
  "withdrawal.completed": "the payout of an approved withdrawal is confirmed",
  "withdrawal.rejected": "staff reject a withdrawal request",
};

/** Where one override goes: the short name resolved, then the body its first field routes to. */
export function routeOverride(recipe: Recipe, override: Override): { body: string; override: Override } {
  const aliases: Record<string, string> = { phone: "customer_phone", ...recipe.aliases };
  const [head, ...rest] = override.path;
  const path = [aliases[head] ?? head, ...rest];
  return { body: recipe.routes?.[head] ?? recipe.main, override: { path, value: override.value } };
}

export function bodyWith<T extends Obj>(recipe: Recipe, overrides: Override[], name: string, base: T): Obj {
  return overrides.map((o) => routeOverride(recipe, o)).filter((r) => r.body === name).reduce<Obj>((body, r) => applyOverride(body, r.override), base);
}
