"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { db } from "@/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { buyerDispute, buyerPay, buyerSimulate, type ActionResult } from "@/lib/secure-orders/public";

export type BuyerActionState = { result: ActionResult | null; at: number };

async function clientIp(): Promise<string> {
  return clientIpOf(await headers());
}

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/** The buyer confirms their number: the payment is pushed to their phone, or the current one resumed. */
export async function payAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const result = await buyerPay(db(), await clientIp(), token, field(formData, "phone"));
  refresh();
  return { result, at: Date.now() };
}

/** Test mode: the simulator's answer to the current payment. */
export async function simulateAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const outcome = field(formData, "outcome") === "FAILED" ? "FAILED" : "SUCCESS";
  const result = await buyerSimulate(db(), await clientIp(), token, outcome);
  refresh();
  return { result, at: Date.now() };
}

export async function disputeAction(token: string, _prev: BuyerActionState, formData: FormData): Promise<BuyerActionState> {
  const result = await buyerDispute(db(), await clientIp(), token, field(formData, "reason"));
  refresh();
  return { result, at: Date.now() };
}
