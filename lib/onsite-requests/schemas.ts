// Onsite payment requests ("OPR", /v1/opr, sandbox only): the customer confirms a payment with a one-time code sent to their phone.
import { z } from "zod";
import { input } from "@/lib/core/validation";
import { phoneInput } from "@/lib/phone/schema";
import { createPaymentSchema, paymentSchema } from "@/lib/payments/schemas";

export const OPR_STATUSES = ["PENDING", "COMPLETED", "CANCELLED", "EXPIRED"] as const;
export const OPR_MAX_ATTEMPTS = 3;

/** POST /v1/opr/create: the body of a payment, without return_url (there is no redirect). */
export const createOprSchema = createPaymentSchema.out.omit({ return_url: true });

/** customer_phone: the payment rule (international format with a leading +), answered by lib/phone. */
export const CreateOprInput = phoneInput(createOprSchema, {
  amount: "INVALID_AMOUNT",
  currency: "INVALID_CURRENCY",
  payment_method: "INVALID_PAYMENT_METHOD",
  provider: "INVALID_PROVIDER",
  country: "INVALID_COUNTRY",
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  customer_email: "INVALID_EMAIL",
  metadata: "INVALID_METADATA",
});
export type CreateOprBody = z.output<typeof createOprSchema>;

export const oprTokenSchema = z.string().regex(/^opr_[A-Za-z0-9]{32}$/, "must be the token returned by POST /v1/opr/create");

export const chargeOprSchema = z.object({
  token: oprTokenSchema,
  otp: z.string().regex(/^\d{6}$/, "must be 6 digits"),
});
export const ChargeOprInput = input(chargeOprSchema, { otp: "INVALID_OTP" });

const timestamp = z.string().describe("ISO 8601 UTC");

/** A payment request as the API shows it (never the code). */
export const oprSchema = z.object({
  token: z.string().describe("opr_ followed by 32 characters; pass it to POST /v1/opr/charge"),
  status: z.enum(OPR_STATUSES),
  payment_id: z.string().describe("the PENDING payment this request charges (txn_…)"),
  amount: z.number().int(),
  currency: z.literal("XOF"),
  customer_phone: z.string(),
  attempts_remaining: z.number().int().min(0).max(OPR_MAX_ATTEMPTS),
  expires_at: timestamp,
  created_at: timestamp,
  completed_at: timestamp.nullable(),
});

export const chargedOprSchema = oprSchema.extend({ payment: paymentSchema });

export const sandboxOtpSchema = z.object({
  token: z.string(),
  to: z.string().describe("the customer's phone the code was sent to"),
  otp: z.string().describe("the 6-digit one-time code"),
  sent_at: timestamp,
});
