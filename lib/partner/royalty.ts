import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { partnerRoyalties, payments, type PartnerRoyalty } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { postJournal } from "@/lib/ledger/post";
import { calendarMonth, collectedWithin } from "@/lib/platform/volume-cap";
import { partnerRoyaltyResource } from "./serialize";

/** Default royalty: 10 % (1 000 basis points) of the month's successful live partner sales. */
export const DEFAULT_ROYALTY_BPS = 1_000;

/** `PARTNER_ROYALTY_BPS` (basis points, 0 to 10 000) overrides the default rate. */
export function royaltyRateBps(): number {
  const raw = process.env.PARTNER_ROYALTY_BPS;
  const v = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isInteger(v) && v >= 0 && v <= 10_000 ? v : DEFAULT_ROYALTY_BPS;
}

/** royalty = ⌊volume × rate / 10 000⌋ on the month's total (rounded down once, not per sale). */
export const royaltyAmount = (volume: number, rateBps: number) => Math.floor((volume * rateBps) / 10_000);

/** The calendar month before the one containing `now` (Africa/Bamako = UTC). */
export function previousMonth(now: Date) {
  return calendarMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

export type RoyaltyRun = { month: string; credited: PartnerRoyalty[]; alreadyRecorded: number };

/**
 * The monthly royalty job. For the previous calendar month (or `month`, "YYYY-MM"), each
 * merchant's successful live partner sales (live SUCCESS payments carrying items, counted in
 * the month their money was collected) × the rate are recorded once per merchant and month and
 * credited through the ledger (partner_royalties → merchant_available).
 *
 * Exactly once, on any number of instances and re-runs: the royalty row is inserted with
 * ON CONFLICT DO NOTHING on the unique (merchant, mode, month), and its journal has a unique
 * (kind, ref) — a second run finds the row and pays nothing. Row and journal commit together.
 * With `merchantId` (a job scope), only that merchant is handled.
 */
export async function runPartnerRoyalties(db: Database, options: { now?: Date; month?: string; merchantId?: string } = {}): Promise<RoyaltyRun> {
  const month = options.month ? monthFromLabel(options.month) : previousMonth(options.now ?? systemNow());
  const rateBps = royaltyRateBps();
  const sales = await db
    .select({ merchantId: payments.merchantId, count: sql<string>`count(*)`, volume: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.mode, "live"),
        eq(payments.status, "SUCCESS"),
        isNotNull(payments.items),
        sql`jsonb_typeof(${payments.items}) = 'array' and jsonb_array_length(${payments.items}) > 0`,
        collectedWithin(month.start, month.end),
        options.merchantId ? eq(payments.merchantId, options.merchantId) : undefined,
        // Months already recorded are skipped up front (the unique index still decides).
        sql`not exists (select 1 from ${partnerRoyalties} r where r.merchant_id = ${payments.merchantId} and r.mode = 'live' and r.month = ${month.label})`,
      ),
    )
    .groupBy(payments.merchantId);

  const credited: PartnerRoyalty[] = [];
  let alreadyRecorded = 0;
  for (const s of sales) {
    const volume = Number(s.volume);
    const amount = royaltyAmount(volume, rateBps);
    const row = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const at = systemNow();
      const [inserted] = await tx
        .insert(partnerRoyalties)
        .values({ id: newId("roy"), merchantId: s.merchantId, mode: "live", month: month.label, salesCount: Number(s.count), salesVolume: volume, rateBps, amount, createdAt: at })
        .onConflictDoNothing({ target: [partnerRoyalties.merchantId, partnerRoyalties.mode, partnerRoyalties.month] })
        .returning();
      if (!inserted) return null;
      if (amount === 0) return inserted;
      const journalId = await postJournal(tx, {
        merchantId: s.merchantId,
        mode: "live",
        kind: "partner.royalty",
        refType: "partner_royalty",
        // Deterministic: one royalty journal per merchant, mode and month, whatever the row id.
        refId: `${s.merchantId}:live:${month.label}`,
        entries: [
          { account: "partner_royalties", amount: -amount },
          { account: "merchant_available", amount },
        ],
        at,
      });
      const [updated] = await tx.update(partnerRoyalties).set({ journalId }).where(eq(partnerRoyalties.id, inserted.id)).returning();
      return updated;
    });
    if (row) credited.push(row);
    else alreadyRecorded++;
  }
  if (credited.length) log("info", "partner royalties credited", { month: month.label, merchants: credited.length });
  return { month: month.label, credited, alreadyRecorded };
}

function monthFromLabel(label: string) {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(label);
  if (!m) throw new RangeError(`month must be YYYY-MM, got ${label}`);
  return calendarMonth(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** GET /v1/merchants/partner-royalties: the key's mode (royalties are computed on live sales), newest month first. */
export async function listPartnerRoyalties(ctx: DomainContext) {
  const rows = await ctx.db
    .select()
    .from(partnerRoyalties)
    .where(and(eq(partnerRoyalties.merchantId, ctx.merchant.id), eq(partnerRoyalties.mode, ctx.mode)))
    .orderBy(desc(partnerRoyalties.month))
    .limit(240);
  return { royalties: rows.map(partnerRoyaltyResource) };
}
