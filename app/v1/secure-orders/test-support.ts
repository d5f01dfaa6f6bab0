/**
 * Test support for secure orders (imported by *.test.ts only): real merchants, real route
 * handlers called as Next.js calls them, the sandbox routes to pay and to read the code.
 */
import { and, eq } from "drizzle-orm";
import { POST as CREATE, GET as LIST } from "@/app/v1/secure-orders/route";
import { GET as GET_ONE } from "@/app/v1/secure-orders/[id]/route";
import { POST as CANCEL } from "@/app/v1/secure-orders/[id]/cancel/route";
import { POST as CONFIRM } from "@/app/v1/secure-orders/[id]/confirm-delivery/route";
import { POST as SIMULATE } from "@/app/v1/sandbox/secure-orders/[id]/simulate-payment/route";
import { GET as CODE } from "@/app/v1/sandbox/secure-orders/[id]/delivery-code/route";
import { db } from "@/db/client";
import { events, secureOrders } from "@/db/schema";
import { call, type CallOptions } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

export const routes = { CREATE, LIST, GET_ONE, CANCEL, CONFIRM, SIMULATE, CODE };

export const validOrder = (overrides: Record<string, unknown> = {}) => ({
  amount: 25_000,
  description: "Robe wax taille M",
  customer_phone: "+22376543210",
  ...overrides,
});

export const soMerchant = (name = "Boutique Escrow") => newMerchant({ name, secureOrdersEnabled: true });

export const create = (key: string, body: unknown = validOrder(), options: CallOptions = {}) => call(CREATE, "POST", "/v1/secure-orders", { key, body, ...options });
export const getOrder = (key: string, id: string) => call(GET_ONE, "GET", `/v1/secure-orders/${id}`, { key, params: { id } });
export const list = (key: string, query = "") => call(LIST, "GET", `/v1/secure-orders${query}`, { key });
export const cancel = (key: string, id: string, body: unknown = {}) => call(CANCEL, "POST", `/v1/secure-orders/${id}/cancel`, { key, params: { id }, body });
export const confirm = (key: string, id: string, code: unknown) => call(CONFIRM, "POST", `/v1/secure-orders/${id}/confirm-delivery`, { key, params: { id }, body: { code } });
export const simulate = (key: string, id: string, outcome = "SUCCESS") => call(SIMULATE, "POST", `/v1/sandbox/secure-orders/${id}/simulate-payment`, { key, params: { id }, body: { outcome } });
export const deliveryCode = (key: string, id: string) => call(CODE, "GET", `/v1/sandbox/secure-orders/${id}/delivery-code`, { key, params: { id } });

/** A CREATED order (201), its resource. */
export async function createdOrder(key: string, overrides: Record<string, unknown> = {}) {
  const res = await create(key, validOrder(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A PAID_HELD order and its delivery code. */
export async function paidOrder(key: string, overrides: Record<string, unknown> = {}) {
  const order = await createdOrder(key, overrides);
  const paid = await simulate(key, order.id);
  if (paid.body.data?.status !== "PAID_HELD") throw new Error(`simulate answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  const code = (await deliveryCode(key, order.id)).body.data.code as string;
  return { order: paid.body.data, code };
}

/** A 6-digit code that is not `code`. */
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

export async function orderRow(id: string) {
  const [row] = await db().select().from(secureOrders).where(eq(secureOrders.id, id));
  return row;
}

export async function eventsOf(objectId: string, type?: string) {
  return db()
    .select()
    .from(events)
    .where(type ? and(eq(events.objectId, objectId), eq(events.type, type)) : eq(events.objectId, objectId))
    .orderBy(events.id);
}
