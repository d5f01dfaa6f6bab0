import { COUNTRIES, OPERATOR_METHOD, type providerSchema, type recommendationSchema } from "./schemas";
import type { z } from "zod";

/** The one payment method (the contract: the operator is the only one; other wallets, cards and aggregators were removed). */
export function operatorProvider(): z.infer<typeof providerSchema> {
  return {
    code: OPERATOR_METHOD,
    name: "Mobile money",
    type: "mobile_money",
    countries: [...COUNTRIES],
    currency: "XOF",
    min_amount: 100,
    max_amount: 5_000_000,
    available: true,
  };
}

export const providerList = () => ({ providers: [operatorProvider()] });

/** GET /v1/payments/recommend: always the operator; the phone, when given, only shapes the reason. */
export function recommendProvider(phone?: string): z.infer<typeof recommendationSchema> {
  const reason = !phone
    ? "OPERATOR_MONEY is the only payment method."
    : phone.startsWith("+223")
      ? "Malian number: OPERATOR_MONEY, the only payment method, collects it."
      : "OPERATOR_MONEY is the only payment method; the customer approves the collection on this number's mobile-money account.";
  return { provider: OPERATOR_METHOD, recommended: operatorProvider(), reason };
}
