import { z } from "zod";
import type { PaymentPurpose } from "@/db/schema";
import { input } from "@/lib/core/validation";

export const FIGURE_PERIODS = [7, 30, 90] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

export const figuresQuerySchema = z.object({
  period: z
    .enum(["7", "30", "90"])
    .default("30")
    .transform((p) => Number(p) as FigurePeriod)
    .describe("Days in the period, today included: 7, 30 or 90"),
});
export const FiguresQuery = input(figuresQuerySchema, { period: "INVALID_PERIOD" });

/** Where a payment came from, read from its purpose: a direct payment is one an API call created. */
export const FIGURE_ORIGINS = ["api", "payment_link", "invoice", "secure_order", "subscription", "opr"] as const;
export type FigureOrigin = (typeof FIGURE_ORIGINS)[number];
export const originOf = (purpose: PaymentPurpose): FigureOrigin => (purpose === "direct" ? "api" : purpose);

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable().describe("succeeded / finished; null when no payment finished");

export const figureTotalsSchema = z.object({
  collected: count.describe("FCFA of SUCCESS payments"),
  count: count.describe("payments created, any status"),
  succeeded: count,
  failed: count.describe("FAILED, EXPIRED or CANCELLED"),
  success_rate: rate,
});
export type FigureTotals = z.infer<typeof figureTotalsSchema>;

const seconds = z.number().nonnegative().nullable();
export const confirmationSchema = z.object({
  median_seconds: seconds,
  p90_seconds: seconds,
  count: count.describe("SUCCESS payments pushed to the customer's phone, the ones timed"),
});
export type ConfirmationTimes = z.infer<typeof confirmationSchema>;

const pair = <S extends z.ZodType>(s: S) => z.object({ current: s, previous: s });

export const figuresSchema = z.object({
  period: z.object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    from: z.iso.datetime(),
    to: z.iso.datetime().describe("exclusive: the start of tomorrow, Bamako time (UTC)"),
    previous_from: z.iso.datetime(),
  }),
  totals: pair(figureTotalsSchema),
  days: z.array(z.object({ date: z.iso.date(), collected: count, count, succeeded: count, failed: count })),
  origins: z.array(z.object({ origin: z.enum(FIGURE_ORIGINS) }).extend(pair(figureTotalsSchema).shape)),
  confirmation: pair(confirmationSchema),
  failure_reasons: z.array(z.object({ reason: z.string(), current: count, previous: count })),
});
export type Figures = z.infer<typeof figuresSchema>;
