import { is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import type { Payment, PaymentPurpose } from "@/db/schema";
import { customers, payments } from "@/db/schema";
import { compiledStatement, driverValue } from "@/db/statement";
import { isOwnHost, paymentLifetimeMinutes } from "@/lib/config";
import { isLoopbackUrl } from "@/lib/redirects/redirect-url";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { validatePartnerItems } from "@/lib/partner/items";
import { assertLiveVolumeAvailable } from "@/lib/platform/volume-cap";
import { customerUpsert, customerUpsertFrom, customerValues, type CustomerInput } from "@/lib/billing/customers";
import { SealedWrite, sealedAnswerInsert, sealedAnswerValues, sealedKeyTaken } from "@/lib/idempotency/sealed-write";
import { paymentFee } from "./fees";
import { routePayment } from "./routing";
import type { CreatePaymentBody } from "./schemas";
import { createdPayment, type CreatedPayment } from "./serialize";

export type NewPayment = {
  amount: number;
  customerPhone: string;
  customerName?: string | null;
  customerEmail?: string | null;
  country?: string | null;
  description?: string | null;
  returnUrl?: string | null;
  clientReference?: string | null;
  metadata?: Record<string, unknown>;
  items?: unknown[] | null;
  purpose?: PaymentPurpose;
  purposeRef?: string | null;
  /** Fee override for purposes whose fee is charged elsewhere (a secure order's, at release). */
  feeTotal?: number;
  customerId?: string | null;
  /** Upserts this customer (upsertCustomer) in the statement that inserts the payment, which then carries its id. */
  customer?: CustomerInput;
  /**
   * "checked": the caller already judged the plan's monthly cap with liveVolumeRefusal in this
   * transaction, which holds the lock to its end (the billing cycle, which records a refused
   * renewal as a FAILED attempt instead of throwing).
   */
  liveCap?: "checked";
  /** The row already decided (createPayment built its answer from it); otherwise decided here. */
  row?: NewPaymentRow;
};

type PaymentInsert = typeof payments.$inferInsert;

// The columns a new payment is written with (the rest take their defaults), in the order the
// compiled creation binds them.
const ROW_COLUMNS = [
  "id", "merchantId", "applicationId", "mode", "status", "amount", "customerPhone", "customerName", "customerEmail", "country",
  "description", "returnUrl", "clientReference", "metadata", "items", "feeTotal", "adapter", "gatewayUsed", "routingReason",
  "purpose", "purposeRef", "expiresAt", "createdAt", "updatedAt",
] as const satisfies readonly (keyof PaymentInsert)[];

/** A new payment's row as decided in the process, before it is written. */
export type NewPaymentRow = { [K in (typeof ROW_COLUMNS)[number]]-?: Exclude<PaymentInsert[K], undefined> };

/** Routing, fee and expiry, decided here for every caller. */
function newPaymentRow(ctx: DomainContext, input: NewPayment): NewPaymentRow {
  const route = routePayment(ctx.mode, input.metadata);
  return {
    id: newId("txn"),
    merchantId: ctx.merchant.id,
    applicationId: ctx.application.id,
    mode: ctx.mode,
    status: "PENDING",
    amount: input.amount,
    customerPhone: input.customerPhone,
    customerName: input.customerName ?? null,
    customerEmail: input.customerEmail ?? null,
    country: input.country ?? null,
    description: input.description ?? null,
    returnUrl: input.returnUrl ?? null,
    clientReference: input.clientReference ?? null,
    metadata: input.metadata ?? {},
    items: input.items ?? null,
    feeTotal: input.feeTotal ?? paymentFee(input.amount),
    adapter: route.adapter,
    gatewayUsed: route.gatewayUsed,
    routingReason: route.routingReason,
    purpose: input.purpose ?? "direct",
    purposeRef: input.purposeRef ?? null,
    expiresAt: new Date(ctx.now.getTime() + paymentLifetimeMinutes() * 60_000),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

/**
 * Creates a PENDING payment for the context's merchant and mode. Every payment is inserted
 * here, so here a live one meets the plan's monthly cap (403 PLAN_MONTHLY_VOLUME_EXCEEDED):
 * checked under the merchant's live_cap lock, in the transaction that inserts the row, so
 * concurrent creations can never take the month over the cap.
 */
export async function insertPayment(ctx: DomainContext, input: NewPayment): Promise<Payment> {
  if (ctx.mode === "live" && !is(ctx.db, PgTransaction)) {
    // The lock lasts as long as its transaction: without one it would not cover the insert.
    return ctx.db.transaction((tx) => insertPayment({ ...ctx, db: tx as unknown as Database }, input));
  }
  if (input.liveCap !== "checked") await assertLiveVolumeAvailable(ctx, input.amount);
  // One statement, one round trip: the customer's upsert runs as a CTE whose id the payment takes.
  const customer = input.customer ? ctx.db.$with("customer").as(customerUpsert(ctx.db, input.customer).returning({ id: customers.id })) : null;
  const [row] = await (customer ? ctx.db.with(customer) : ctx.db)
    .insert(payments)
    .values({ ...(input.row ?? newPaymentRow(ctx, input)), customerId: customer ? sql`(select ${customer.id} from ${customer})` : (input.customerId ?? null) })
    .returning()
    // Named although built anew: its text is the same for every payment, so each connection
    // parses it once (db/prepared.ts).
    .prepare("payment_insert")
    .execute();
  return row;
}

/**
 * A keyed API creation in one statement, compiled once: the sealed answer, the customer's upsert
 * and the payment, each write selecting from the one before, so a taken key writes nothing
 * (lib/idempotency/sealed-write.ts). Autocommitted: one round trip, one transaction.
 */
const sealedCreation = compiledStatement(
  "payment_create_sealed",
  sql`with sealed as (${sealedAnswerInsert}),
  customer as (${customerUpsertFrom(sql`sealed`)})
  insert into ${payments} (${sql.join([...ROW_COLUMNS.map((k) => sql.identifier(payments[k].name)), sql.identifier(payments.customerId.name)], sql`, `)})
  select ${sql.join(
    ROW_COLUMNS.map((k) => sql`${sql.placeholder(k)}::${sql.raw(payments[k].getSQLType())}`),
    sql`, `,
  )}, (select id from customer)
  from sealed
  returning ${sql.identifier(payments.id.name)}`,
);

const rowValues = (row: NewPaymentRow) => Object.fromEntries(ROW_COLUMNS.map((k) => [k, driverValue(payments[k], row[k])]));

/** POST /v1/payments: the payment's answer, known before it is written (lib/idempotency/sealed-write.ts). */
export async function createPayment(ctx: DomainContext, body: CreatePaymentBody): Promise<SealedWrite<CreatedPayment>> {
  if (isLoopbackUrl(body.return_url)) {
    // A shop on the integrator's machine is a test shop: a live customer's browser could never reach it.
    if (ctx.mode === "live") throw new ApiError("INVALID_RETURN_URL", "return_url points at localhost or a loopback address, which only a test key may use: a live payment returns to your site's public https:// address.", { param: "return_url" });
  } else if (isOwnHost(new URL(body.return_url).hostname)) {
    throw new ApiError("INVALID_RETURN_URL", "return_url must point at your own site, not at the payment service's domain.", { param: "return_url" });
  }
  // Partner merchants must send items at validated prices; others may not send any (lib/partner/items.ts).
  const items = await validatePartnerItems(ctx, body.items, body.amount);
  const input: NewPayment = {
    // One customer per (merchant, mode, phone), known from the first payment that carries the phone.
    customer: { merchantId: ctx.merchant.id, mode: ctx.mode, phone: body.customer_phone, name: body.customer_name, email: body.customer_email, at: ctx.now },
    amount: body.amount,
    customerPhone: body.customer_phone,
    customerName: body.customer_name,
    customerEmail: body.customer_email,
    country: body.country,
    description: body.description,
    returnUrl: body.return_url,
    clientReference: body.client_reference,
    metadata: body.metadata,
    items,
  };
  const row = newPaymentRow(ctx, input);
  return new SealedWrite(createdPayment(row), async (sealed) => {
    if (!sealed) {
      await insertPayment(ctx, { ...input, row });
      return true;
    }
    const write = async (db: Database) => {
      const values = { ...sealedAnswerValues(sealed), ...customerValues(input.customer!), ...rowValues(row) };
      return (await sealedCreation(db, values)).length === 1;
    };
    if (ctx.mode !== "live") return write(ctx.db);
    return ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx as unknown as Database };
      // A replay is answered before the cap is judged: the cap refuses new payments, never the answer of one already made.
      if (await sealedKeyTaken(txCtx.db, sealed)) return false;
      await assertLiveVolumeAvailable(txCtx, input.amount);
      return write(txCtx.db);
    });
  });
}
