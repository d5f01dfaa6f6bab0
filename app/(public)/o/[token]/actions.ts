"use server";

import { refresh } from "next/cache";
import { publicAction } from "@/lib/http/page";
import { buyerDispute, buyerPay, buyerSimulate } from "@/lib/http/secure-order-actions";
import type { ActionResult } from "@/lib/secure-orders/public";

export type BuyerActionState = { result: ActionResult | null; at: number };

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/** The buyer confirms their number: the payment is pushed to their phone, or the current one resumed. */
export async function payAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const { db, clientIp } = await publicAction();
  const result = await buyerPay(db, clientIp, token, field(formData, "phone"));
  refresh();
  return { result, at: Date.now() };
}

/** Test mode: the simulator's answer to the current payment. */
export async function simulateAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const outcome = field(formData, "outcome") === "FAILED" ? "FAILED" : "SUCCESS";
  const { db, clientIp } = await publicAction();
  const result = await buyerSimulate(db, clientIp, token, outcome);
  refresh();
  return { result, at: Date.now() };
}

export async function disputeAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const { db, clientIp } = await publicAction();
  const result = await buyerDispute(db, clientIp, token, field(formData, "reason"));
  refresh();
  return { result, at: Date.now() };
}
