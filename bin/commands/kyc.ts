import { cliActor } from "../../lib/audit/record";
import { setKycStatus } from "../../lib/audit/merchant";
import { ApiError } from "../../lib/core/errors";
import { flagString, UsageError, type Command } from "../cli";
import { merchantView } from "./merchant";

function decide(decision: "approved" | "rejected"): Command["run"] {
  return async ({ db, args, flags, out }) => {
    const id = args[0];
    if (!id) throw new UsageError("MERCHANT_ID is required");
    const merchant = await setKycStatus(db, id, decision, cliActor(flagString(flags, "actor")));
    if (!merchant) throw new ApiError("NOT_FOUND", `No merchant ${id}.`);
    out(merchantView(merchant), `KYC of ${merchant.id} (${merchant.name}) ${decision}.`);
  };
}

/** KYC decisions: one audit row each (actor, before, after). */
export const kycCommands: Record<string, Command> = {
  approve: { usage: "kyc approve MERCHANT_ID [--actor NAME] [--json]", run: decide("approved") },
  reject: { usage: "kyc reject MERCHANT_ID [--actor NAME] [--json]", run: decide("rejected") },
};
