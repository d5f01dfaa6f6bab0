import type { Merchant } from "../../db/schema";
import { updateMerchantAsStaff } from "../../lib/audit/merchant";
import { cliActor } from "../../lib/audit/record";
import { createMerchant, getMerchant, type MerchantSettings } from "../../lib/platform/merchants";
import { inviteOwner } from "../../lib/team/owner-invitation";
import { flagChoice, flagOnOff, flagString, UsageError, type Command } from "../cli";

export function merchantView(m: Merchant) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    status: m.status,
    kyc_status: m.kycStatus,
    production_enabled: m.productionEnabled,
    secure_orders_enabled: m.secureOrdersEnabled,
    partner: m.partner,
    platform_plan: m.platformPlan,
    platform_period_end: m.platformPeriodEnd?.toISOString() ?? null,
    test_clock_offset_seconds: m.testClockOffsetSeconds,
    created_at: m.createdAt.toISOString(),
  };
}

export const merchantCommands: Record<string, Command> = {
  create: {
    usage: "merchant create --name NAME [--email EMAIL] [--json]",
    async run({ db, flags, out }) {
      const name = flagString(flags, "name", true)!;
      const created = await createMerchant(db, { name, email: flagString(flags, "email") });
      out(
        { merchant_id: created.merchant.id, application_id: created.applicationId, test_key: created.testKey, live_key: created.liveKey },
        `Merchant ${created.merchant.id} created.\nTest key (shown once): ${created.testKey}\nLive key (shown once): ${created.liveKey}`,
      );
    },
  },
  update: {
    usage: "merchant update MERCHANT_ID [--kyc approved|pending|rejected] [--secure-orders on|off] [--production on|off] [--platform-plan starter|pro|business|none] [--partner on|off] [--status active|suspended] [--name NAME] [--actor NAME] [--json]",
    async run({ db, args, flags, out }) {
      const id = args[0];
      if (!id) throw new UsageError("MERCHANT_ID is required");
      const settings: MerchantSettings = {
        kycStatus: flagChoice(flags, "kyc", ["approved", "pending", "rejected"] as const),
        secureOrdersEnabled: flagOnOff(flags, "secure-orders"),
        productionEnabled: flagOnOff(flags, "production"),
        platformPlan: flagChoice(flags, "platform-plan", ["starter", "pro", "business", "none"] as const),
        partner: flagOnOff(flags, "partner"),
        status: flagChoice(flags, "status", ["active", "suspended"] as const),
        name: flagString(flags, "name"),
      };
      for (const k of Object.keys(settings) as (keyof MerchantSettings)[]) if (settings[k] === undefined) delete settings[k];
      if (Object.keys(settings).length === 0) throw new UsageError("nothing to update: pass at least one option");
      // The change and its audit row (actor, before, after) commit in one transaction.
      const merchant = await updateMerchantAsStaff(db, id, settings, cliActor(flagString(flags, "actor")));
      if (!merchant) throw new UsageError(`no merchant ${id}`);
      out(merchantView(merchant), `Merchant ${id} updated.`);
    },
  },
  "invite-owner": {
    usage: "merchant invite-owner --merchant MERCHANT_ID --email EMAIL [--actor NAME] [--json]",
    // The owner of a merchant created here gets in through this invitation (a set-password link by e-mail); audited.
    async run({ db, flags, out }) {
      const merchantId = flagString(flags, "merchant", true)!;
      const email = flagString(flags, "email", true)!;
      const { member, resent } = await inviteOwner(db, { merchantId, email, actor: cliActor(flagString(flags, "actor")) });
      out(
        { merchant_id: merchantId, user_id: member.id, email: member.email, role: member.role, resent },
        `${resent ? "Invitation sent again" : "Invitation sent"} to ${member.email} (owner of ${merchantId}); the link works for 7 days.`,
      );
    },
  },
  show: {
    usage: "merchant show MERCHANT_ID [--json]",
    async run({ db, args, out }) {
      const merchant = args[0] ? await getMerchant(db, args[0]) : null;
      if (!merchant) throw new UsageError(`no merchant ${args[0] ?? ""}`.trim());
      const view = merchantView(merchant);
      out(view, Object.entries(view).map(([k, v]) => `${k.padEnd(26)} ${v}`).join("\n"));
    },
  },
};
