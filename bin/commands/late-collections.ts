import type { LateCollectionStatus } from "../../db/schema";
import { cliActor } from "../../lib/audit/record";
import { creditLateCollection, listLateCollections, refundLateCollection, type StaffLateCollectionView } from "../../lib/payments/late-collection-staff";
import { LATE_COLLECTION_STATUSES } from "../../lib/payments/schemas";
import { flagChoice, flagString, UsageError, type Command } from "../cli";

const fcfa = (n: number) => `${n.toLocaleString("en").replace(/,/g, " ")} FCFA`;

function table(rows: StaffLateCollectionView[]): string {
  if (rows.length === 0) return "No late collections.";
  return rows
    .map((l) =>
      [
        l.id,
        l.status.padEnd(8),
        l.mode.padEnd(4),
        fcfa(l.amount).padStart(16),
        `payment ${l.payment_id} (${l.payment_status})`,
        `operator ref ${l.provider_ref ?? "—"}`,
        `${l.merchant_id} (${l.merchant_name})`,
        l.created_at,
        l.resolved_at ? `${l.resolved_by} ${l.resolved_at}: ${l.resolution_note}` : "",
      ]
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function refArg(args: string[]): string {
  if (!args[0]) throw new UsageError("ID (the late collection's lc_… id, or its payment's txn_… id) is required");
  return args[0];
}

/**
 * Operator SUCCESSes that arrived after their payment ended (lib/payments/late-collection*.ts):
 * the same domain functions as the ops console, each resolution writing its journal and the audit log.
 */
export const lateCollectionsCommands: Record<string, Command> = {
  list: {
    usage: "late-collections list [--status OPEN|CREDITED|REFUNDED] [--merchant MERCHANT_ID] [--limit N] [--json]",
    async run({ db, flags, out }) {
      const status = flagChoice(flags, "status", LATE_COLLECTION_STATUSES) as LateCollectionStatus | undefined;
      const limit = flagString(flags, "limit");
      if (limit !== undefined && !/^\d+$/.test(limit)) throw new UsageError("--limit takes a positive integer");
      const rows = await listLateCollections(db, { status, merchantId: flagString(flags, "merchant"), limit: limit ? Number(limit) : undefined });
      out(rows, table(rows));
    },
  },
  credit: {
    usage: "late-collections credit ID --note TEXT [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const ref = refArg(args);
      const note = flagString(flags, "note", true)!;
      const l = await creditLateCollection(db, ref, { note }, cliActor(flagString(flags, "actor")));
      out(l, `Late collection ${l.id} credited: ${fcfa(l.net_amount)} (${fcfa(l.amount)} less ${fcfa(l.fee)} fee) added to ${l.merchant_id}'s available ${l.mode} balance.`);
    },
  },
  refund: {
    usage: "late-collections refund ID --note TEXT [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const ref = refArg(args);
      const note = flagString(flags, "note", true)!;
      const l = await refundLateCollection(db, ref, { note }, cliActor(flagString(flags, "actor")));
      out(l, `Late collection ${l.id} marked refunded: support pays ${fcfa(l.amount)} back to the customer of ${l.payment_id}.`);
    },
  },
};
