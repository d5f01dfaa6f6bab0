import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { call } from "@/tests/support/http";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { POST as finalize } from "./[id]/finalize/route";
import { POST as send } from "./[id]/send/route";
import { POST as voidRoute } from "./[id]/void/route";
import { DELETE as remove, GET as read, PATCH as patch } from "./[id]/route";
import { GET as list, POST as create } from "./route";

/** Two lines, 20 000 FCFA: the invoice most tests start from. */
export const LINES = [
  { description: "Tissu wax, 6 yards", quantity: 2, unit_amount: 7_500 },
  { description: "Couture d'une robe", unit_amount: 5_000 },
];
export const INVOICE = { customer_phone: "76 55 44 33", customer_name: "Awa Traoré", lines: LINES };

let seq = 0;
export const nextKey = () => `inv-test-${Date.now()}-${++seq}`;

export const invoiceApi = (key: string) => ({
  create: (body: unknown = INVOICE, idempotencyKey?: string) => call(create, "POST", "/v1/invoices", { key, body, idempotencyKey }),
  list: (query = "") => call(list, "GET", `/v1/invoices${query}`, { key }),
  read: (id: string) => call(read, "GET", `/v1/invoices/${id}`, { key, params: { id } }),
  patch: (id: string, body: unknown) => call(patch, "PATCH", `/v1/invoices/${id}`, { key, body, params: { id } }),
  remove: (id: string) => call(remove, "DELETE", `/v1/invoices/${id}`, { key, params: { id } }),
  finalize: (id: string, idempotencyKey?: string) => call(finalize, "POST", `/v1/invoices/${id}/finalize`, { key, params: { id }, idempotencyKey }),
  send: (id: string, body: unknown, idempotencyKey?: string) => call(send, "POST", `/v1/invoices/${id}/send`, { key, body, params: { id }, idempotencyKey }),
  void: (id: string, body: unknown = {}) => call(voidRoute, "POST", `/v1/invoices/${id}/void`, { key, body, params: { id } }),
  advanceDays: (days: number) => call(advance, "POST", "/v1/sandbox/clock/advance", { key, body: { seconds: days * 86_400 } }),
});

/** A finalized invoice's id, number and token (the last part of its hosted URL). */
export async function openInvoice(key: string, body: unknown = INVOICE) {
  const api = invoiceApi(key);
  const created = await api.create(body);
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const finalized = await api.finalize(created.body.data.id);
  if (finalized.status !== 200) throw new Error(`finalize: ${JSON.stringify(finalized.body)}`);
  const data = finalized.body.data;
  return { id: data.id as string, number: data.number as string, token: (data.hosted_invoice_url as string).split("/i/")[1], data };
}

export const eventTypesOf = async (objectId: string, type?: string) =>
  (await db().select().from(events).where(and(eq(events.objectId, objectId), type ? eq(events.type, type) : undefined))).map((e) => e.type);
