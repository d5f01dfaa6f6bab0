import type { PartnerProductStatus } from "../../db/schema";
import { cliActor } from "../../lib/audit/record";
import { approvePartnerProduct, listPartnerProductsForStaff, rejectPartnerProduct, staffProductView, type ReviewedVersion } from "../../lib/partner/products";
import { PARTNER_PRODUCT_STATUSES } from "../../lib/partner/schemas";
import { flagChoice, flagString, UsageError, type Command } from "../cli";

function idArg(args: string[]): string {
  if (!args[0]) throw new UsageError("ID (pp_…) is required");
  return args[0];
}

/** --reviewed-updated-at: the `updated_at` that `list` showed, so a product changed since is refused (409). */
function reviewedVersion(flags: Parameters<typeof flagString>[0]): ReviewedVersion {
  const updatedAt = flagString(flags, "reviewed-updated-at");
  if (updatedAt !== undefined && Number.isNaN(Date.parse(updatedAt))) throw new UsageError("--reviewed-updated-at must be a timestamp as `list` prints it (updated_at)");
  return { updatedAt };
}

/** Validation of the partner catalogue: approve or reject proposals, one audit row each. */
export const partnerProductsCommands: Record<string, Command> = {
  list: {
    usage: "partner-products list [--status PENDING_REVIEW|APPROVED|REJECTED|ARCHIVED] [--json]   (default PENDING_REVIEW)",
    async run({ db, flags, out }) {
      const status = flagChoice(flags, "status", PARTNER_PRODUCT_STATUSES) as PartnerProductStatus | undefined;
      const rows = await listPartnerProductsForStaff(db, { status });
      out(
        rows,
        rows.length === 0
          ? "No products."
          : rows.map((p) => `${p.id}  ${p.status.padEnd(14)}  ${p.mode.padEnd(4)}  ${String(p.price).padStart(9)} XOF  ${p.name}  — ${p.merchant_id} (${p.merchant_name})  updated_at ${p.updated_at}`).join("\n"),
      );
    },
  },
  approve: {
    usage: "partner-products approve ID [--reviewed-updated-at UPDATED_AT] [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const p = await approvePartnerProduct(db, idArg(args), cliActor(flagString(flags, "actor")), reviewedVersion(flags));
      out(staffProductView(p), `Product ${p.id} (${p.name}, ${p.price} XOF) approved.`);
    },
  },
  reject: {
    usage: "partner-products reject ID [--reason TEXT] [--reviewed-updated-at UPDATED_AT] [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const p = await rejectPartnerProduct(db, idArg(args), { reason: flagString(flags, "reason") }, cliActor(flagString(flags, "actor")), reviewedVersion(flags));
      out(staffProductView(p), `Product ${p.id} (${p.name}) rejected.`);
    },
  },
};
