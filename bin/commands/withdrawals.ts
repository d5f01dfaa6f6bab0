import type { WithdrawalStatus } from "../../db/schema";
import { cliActor } from "../../lib/audit/record";
import { listWithdrawalsForStaff, type StaffWithdrawalView } from "../../lib/withdrawals/queries";
import { WITHDRAWAL_STATUSES } from "../../lib/withdrawals/schemas";
import { withdrawalResource } from "../../lib/withdrawals/serialize";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal } from "../../lib/withdrawals/transitions";
import { flagChoice, flagString, UsageError, type Command } from "../cli";

const fcfa = (n: number) => `${n.toLocaleString("en").replace(/,/g, " ")} FCFA`;

function table(rows: StaffWithdrawalView[]): string {
  if (rows.length === 0) return "No withdrawals.";
  return rows
    .map((w) => `${w.id}  ${w.status.padEnd(9)}  ${w.mode.padEnd(4)}  ${fcfa(w.amount).padStart(16)}  net ${fcfa(w.net_amount).padStart(16)}  ${w.phone_number.padEnd(16)}  ${w.merchant_id} (${w.merchant_name})  ${w.created_at}`)
    .join("\n");
}

function idArg(args: string[]): string {
  if (!args[0]) throw new UsageError("ID (the withdrawal's UUID) is required");
  return args[0];
}

/** The staff side of withdrawals: the same domain functions as the ops console, each writing the audit log. */
export const withdrawalsCommands: Record<string, Command> = {
  list: {
    usage: "withdrawals list [--status PENDING|APPROVED|COMPLETED|REJECTED|CANCELLED] [--merchant MERCHANT_ID] [--limit N] [--json]",
    async run({ db, flags, out }) {
      const status = flagChoice(flags, "status", WITHDRAWAL_STATUSES) as WithdrawalStatus | undefined;
      const limit = flagString(flags, "limit");
      if (limit !== undefined && !/^\d+$/.test(limit)) throw new UsageError("--limit takes a positive integer");
      const rows = await listWithdrawalsForStaff(db, { status, merchantId: flagString(flags, "merchant"), limit: limit ? Number(limit) : undefined });
      out(rows, table(rows));
    },
  },
  approve: {
    usage: "withdrawals approve ID [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const w = await approveWithdrawal(db, idArg(args), cliActor(flagString(flags, "actor")));
      out(withdrawalResource(w), `Withdrawal ${w.id} approved: send ${fcfa(w.netAmount)} to ${w.phoneNumber}, then run \`withdrawals complete ${w.id} --operator-ref REF\`.`);
    },
  },
  complete: {
    usage: "withdrawals complete ID --operator-ref REF [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const id = idArg(args);
      const ref = flagString(flags, "operator-ref", true)!;
      const w = await completeWithdrawal(db, id, { operatorReference: ref }, cliActor(flagString(flags, "actor")));
      out(withdrawalResource(w), `Withdrawal ${w.id} completed (operator reference ${w.operatorReference}).`);
    },
  },
  reject: {
    usage: "withdrawals reject ID --reason TEXT [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const id = idArg(args);
      const reason = flagString(flags, "reason", true)!;
      const w = await rejectWithdrawal(db, id, { reason }, cliActor(flagString(flags, "actor")));
      out(withdrawalResource(w), `Withdrawal ${w.id} rejected; ${fcfa(w.amount)} returned to the merchant's available balance.`);
    },
  },
};
