import type { z } from "zod";
import type { OprRequest, Payment } from "@/db/schema";
import type { oprSchema } from "./schemas";

export function oprResource(r: OprRequest, p: Pick<Payment, "amount" | "customerPhone">): z.infer<typeof oprSchema> {
  return {
    token: r.token,
    status: r.status,
    payment_id: r.paymentId,
    amount: p.amount,
    currency: "XOF",
    customer_phone: p.customerPhone,
    attempts_remaining: r.attemptsRemaining,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}
