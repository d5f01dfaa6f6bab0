"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { db } from "@/db/client";
import { courierConfirm, type ActionResult } from "@/lib/secure-orders/public";

export type CourierActionState = { result: ActionResult | null; at: number };

async function clientIp(): Promise<string> {
  const h = await headers();
  return h.get("x-forwarded-for")?.split(",")[0]?.trim() || h.get("x-real-ip") || "unknown";
}

/** The courier types the buyer's code: the same confirmDelivery as POST /v1/secure-orders/{id}/confirm-delivery. */
export async function confirmAction(token: string, _prev: CourierActionState, formData: FormData): Promise<CourierActionState> {
  const code = formData.get("code");
  const result = await courierConfirm(db(), await clientIp(), token, typeof code === "string" ? code : "");
  refresh();
  return { result, at: Date.now() };
}
