"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { db } from "@/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { courierConfirm, type ActionResult } from "@/lib/secure-orders/public";

export type CourierActionState = { result: ActionResult | null; at: number };

/** The courier types the buyer's code: the same confirmDelivery as POST /v1/secure-orders/{id}/confirm-delivery. */
export async function confirmAction(token: string, _prev: CourierActionState, formData: FormData): Promise<CourierActionState> {
  const code = formData.get("code");
  const result = await courierConfirm(db(), clientIpOf(await headers()), token, typeof code === "string" ? code : "");
  refresh();
  return { result, at: Date.now() };
}
