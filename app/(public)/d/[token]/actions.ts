"use server";

import { refresh } from "next/cache";
import { publicAction } from "@/lib/http/page";
import { courierConfirm } from "@/lib/http/secure-order-actions";
import type { ActionResult } from "@/lib/secure-orders/public";

export type CourierActionState = { result: ActionResult | null; at: number };

/** The courier types the buyer's code: the same confirmDelivery as POST /v1/secure-orders/{id}/confirm-delivery. */
export async function confirmAction(token: string, _prev: CourierActionState, formData: FormData): Promise<CourierActionState> {
  const code = formData.get("code");
  const { db, clientIp } = await publicAction();
  const result = await courierConfirm(db, clientIp, token, typeof code === "string" ? code : "");
  refresh();
  return { result, at: Date.now() };
}
