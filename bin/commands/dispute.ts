import { userInfo } from "node:os";
import { listDisputes, resolveDispute, type DisputeView } from "../../lib/secure-orders/dispute";
import { flagString, UsageError, type Command } from "../cli";

function actorFrom(flags: Record<string, string | boolean>) {
  const given = flagString(flags, "actor");
  let user = "unknown";
  try {
    user = userInfo().username;
  } catch {}
  return { staffId: given?.trim() || `cli:${user}` };
}

const line = (d: DisputeView) =>
  [d.id, d.reference, d.status, d.mode, `${d.amount} FCFA`, d.merchant_name ?? d.merchant_id, d.disputed_at ?? "", d.resolution ? `${d.resolution} by ${d.resolved_by}` : (d.dispute_reason ?? "")].join("  ");

/** Secure-order disputes, decided by the service's staff (the buyer opens them on the buyer page). */
export const disputeCommands: Record<string, Command> = {
  list: {
    usage: "dispute list [--all] [--json]",
    async run({ db, flags, out }) {
      const disputes = await listDisputes(db, { includeResolved: flags.all === true });
      out({ disputes }, disputes.length ? disputes.map(line).join("\n") : "No open disputes.");
    },
  },
  resolve: {
    usage: "dispute resolve ORDER_ID --release|--refund [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const id = args[0];
      if (!id) throw new UsageError("ORDER_ID is required");
      const release = flags.release === true;
      const refund = flags.refund === true;
      if (release === refund) throw new UsageError("pass exactly one of --release (pay the merchant) or --refund (pay the buyer back)");
      const resolved = await resolveDispute(db, id, release ? "release" : "refund", actorFrom(flags));
      out(resolved, `Dispute on ${resolved.reference} resolved: ${resolved.status} (${resolved.resolution} by ${resolved.resolved_by}).`);
    },
  },
};
