import { and, desc, eq, ilike, or, sql, count, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { customers, type Customer, type Mode } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { likePattern, pagination } from "@/lib/links/pagination";
import { phoneSearchDigits } from "@/lib/phone/parse";

export type CustomerInput = { merchantId: string; mode: Mode; phone: string; name?: string | null; email?: string | null; at: Date };

/**
 * The merchant's customer for a phone, created on first sight, from the merchant's own (keyed or
 * dashboard) calls: subscriptions, portal sessions, payments carrying a phone. One row per
 * (merchant, mode, phone), kept by a unique index, so concurrent first payments from one phone
 * make one customer. A name or e-mail given now replaces the stored one; an absent one leaves it.
 * Public entry points never call this: they use insertCustomerIfAbsent.
 */
export async function upsertCustomer(db: Database, c: CustomerInput): Promise<Customer> {
  const [row] = await customerUpsert(db, c).returning();
  return row;
}

/** upsertCustomer's statement, for a caller that runs it as a CTE of its own (payment creation, lib/payments/create.ts). */
export function customerUpsert(db: Database, c: CustomerInput) {
  return db
    .insert(customers)
    .values(customerRow(c))
    .onConflictDoUpdate({ target: [customers.merchantId, customers.mode, customers.phone], set: customerRefresh });
}

const customerRow = (c: CustomerInput) => ({ id: newId("cus"), merchantId: c.merchantId, mode: c.mode, phone: c.phone, name: c.name ?? null, email: c.email ?? null, createdAt: c.at, updatedAt: c.at });

/** What a known customer takes from a new sight of its phone: the rule of upsertCustomer, for both of its statements. */
const customerRefresh = {
  name: sql`coalesce(excluded.name, ${customers.name})`,
  email: sql`coalesce(excluded.email, ${customers.email})`,
  updatedAt: sql`greatest(excluded.updated_at, ${customers.updatedAt})`,
};

/**
 * upsertCustomer's statement in SQL, for a statement compiled once (db/statement.ts): inserts
 * one row per row of `source` (a CTE gating the write), its values bound from placeholders
 * named `customer_*` (customerValues), and returns the customer's id.
 */
export function customerUpsertFrom(source: SQL): SQL {
  const p = (name: string) => sql.placeholder(`customer_${name}`);
  return sql`insert into ${customers} (id, merchant_id, mode, phone, name, email, created_at, updated_at)
    select ${p("id")}::text, ${p("merchant_id")}::text, ${p("mode")}::text, ${p("phone")}::text, ${p("name")}::text, ${p("email")}::text, ${p("at")}::timestamptz, ${p("at")}::timestamptz
    from ${source}
    on conflict (merchant_id, mode, phone) do update set name = ${customerRefresh.name}, email = ${customerRefresh.email}, updated_at = ${customerRefresh.updatedAt}
    returning id`;
}

/** The values customerUpsertFrom binds. */
export function customerValues(c: CustomerInput): Record<string, unknown> {
  const row = customerRow(c);
  return {
    customer_id: row.id,
    customer_merchant_id: row.merchantId,
    customer_mode: row.mode,
    customer_phone: row.phone,
    customer_name: row.name,
    customer_email: row.email,
    customer_at: c.at.toISOString(),
  };
}

/**
 * The customer for a phone as a public page may record it (docs/decisions/public-writes.md):
 * created with the given name and e-mail when the merchant has no customer with this
 * phone yet; an existing customer is returned unchanged, so nobody who merely knows a phone
 * number can rename or re-address the merchant's customer. `on conflict do nothing` keeps a
 * concurrent first sight to one row.
 */
export async function insertCustomerIfAbsent(db: Database, c: CustomerInput): Promise<Customer> {
  const [created] = await db
    .insert(customers)
    .values({ id: newId("cus"), merchantId: c.merchantId, mode: c.mode, phone: c.phone, name: c.name ?? null, email: c.email ?? null, createdAt: c.at, updatedAt: c.at })
    .onConflictDoNothing({ target: [customers.merchantId, customers.mode, customers.phone] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, c.merchantId), eq(customers.mode, c.mode), eq(customers.phone, c.phone)))
    .limit(1);
  return existing;
}

export type ListCustomersQuery = { page: number; limit: number; search?: string };

// Written out in full: inside a subquery, drizzle leaves outer columns unqualified.
const subscriptionCount = sql<number>`(select count(*) from subscriptions s where s.customer_id = "customers"."id")`;
const totalPaid = sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.merchant_id = "customers"."merchant_id" and p.mode = "customers"."mode" and p.customer_phone = "customers"."phone" and p.status = 'SUCCESS')`;
const customerItem = ({ customer: c, subscriptionCount: sc, totalPaid: tp }: { customer: Customer; subscriptionCount: number; totalPaid: string }) => ({
  id: c.id,
  phone: c.phone,
  name: c.name,
  email: c.email,
  created_at: c.createdAt.toISOString(),
  subscription_count: Number(sc),
  total_paid: Number(tp),
});

/** GET /v1/billing/customers. */
export async function listCustomers(ctx: DomainContext, q: ListCustomersQuery) {
  const where = and(
    eq(customers.merchantId, ctx.merchant.id),
    eq(customers.mode, ctx.mode),
    // The phone as typed in any accepted form ("76 55 44 33", "+223…", "00223…") or a part of it, by its digits (lib/phone).
    q.search ? or(ilike(customers.phone, likePattern(phoneSearchDigits(q.search) ?? q.search)), ilike(customers.name, likePattern(q.search))) : undefined,
  );
  // One query at a time: a request never holds two pooled connections at once.
  const rows = await ctx.db
      .select({ customer: customers, subscriptionCount, totalPaid })
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  const [{ n }] = await ctx.db.select({ n: count() }).from(customers).where(where);
  return { items: rows.map(customerItem), pagination: pagination(q.page, q.limit, Number(n)) };
}

/** One customer as the list shows it (a customer's page in the dashboard); null for another merchant's or mode's. */
export async function getCustomer(ctx: DomainContext, id: string) {
  const [row] = await ctx.db
    .select({ customer: customers, subscriptionCount, totalPaid })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.merchantId, ctx.merchant.id), eq(customers.mode, ctx.mode)));
  return row ? customerItem(row) : null;
}

/**
 * Purpose hook for "direct" payments (POST /v1/payments): each payer becomes (or updates) the
 * merchant's customer when the payment settles. Link and subscription payments record their
 * customer when they are created. Idempotent, so a call from payment creation as well is harmless.
 * A batch (the expiry sweep's) is one statement: one row per phone, as if its payments had been
 * applied in order (the last name or e-mail given wins, the latest time stays), in the phones'
 * order so two batches sharing customers lock them in the same order.
 */
export async function directPaymentCustomersHook(tx: Database, settled: { merchantId: string; mode: Mode; customerPhone: string; customerName: string | null; customerEmail: string | null; settledAt: Date | null; updatedAt: Date }[]): Promise<void> {
  const byPhone = new Map<string, ReturnType<typeof customerRow>>();
  for (const p of settled) {
    const at = p.settledAt ?? p.updatedAt;
    const key = `${p.merchantId}\u0000${p.mode}\u0000${p.customerPhone}`;
    const seen = byPhone.get(key);
    const row = customerRow({ merchantId: p.merchantId, mode: p.mode, phone: p.customerPhone, name: p.customerName, email: p.customerEmail, at });
    byPhone.set(key, seen ? { ...seen, name: row.name ?? seen.name, email: row.email ?? seen.email, updatedAt: at > seen.updatedAt ? at : seen.updatedAt } : row);
  }
  if (byPhone.size === 0) return;
  const rows = [...byPhone.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await tx.insert(customers).values(rows).onConflictDoUpdate({ target: [customers.merchantId, customers.mode, customers.phone], set: customerRefresh });
}
