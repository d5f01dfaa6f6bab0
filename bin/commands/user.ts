import type { Database } from "../../db/client";
import { cliActor } from "../../lib/audit/record";
import { forcePasswordReset } from "../../lib/auth/password-reset";
import { unusedRecoveryCodes } from "../../lib/auth/recovery-codes";
import { findUserByEmail } from "../../lib/auth/users";
import { flagString, UsageError, type Command } from "../cli";

async function userByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no user with the e-mail ${email}`);
  return user;
}

/** Dashboard and console accounts: what support needs to see, and a forced password reset. */
export const userCommands: Record<string, Command> = {
  show: {
    usage: "user show --email EMAIL [--json]",
    async run({ db, flags, out }) {
      const user = await userByEmail(db, flagString(flags, "email", true)!);
      const view = {
        id: user.id,
        email: user.email,
        role: user.role,
        merchant_id: user.merchantId,
        merchant_role: user.merchantRole,
        email_verified: user.emailVerifiedAt !== null,
        two_factor: user.totpEnabledAt !== null,
        recovery_codes_left: user.totpEnabledAt ? await unusedRecoveryCodes(db, user.id) : 0,
        has_password: user.passwordHash !== null,
        locked_until: user.lockedUntil?.toISOString() ?? null,
        created_at: user.createdAt.toISOString(),
      };
      out(view, Object.entries(view).map(([k, v]) => `${k.padEnd(20)} ${v}`).join("\n"));
    },
  },
  "force-reset": {
    usage: "user force-reset --email EMAIL [--actor NAME] [--json]",
    async run({ db, flags, out }) {
      const email = flagString(flags, "email", true)!;
      const actor = cliActor(flagString(flags, "actor"));
      // The password's removal, the revoked sessions, the mail and the audit row commit together.
      const user = await db.transaction(async (tx) => {
        const found = await userByEmail(tx as unknown as Database, email);
        await forcePasswordReset(tx as unknown as Database, { userId: found.id, actor });
        return found;
      });
      out(
        { user_id: user.id, email: user.email, password_cleared: true, sessions_revoked: true, reset_mail_queued: true },
        `Password of ${user.email} cleared, every session ended; a reset link is on its way to them.`,
      );
    },
  },
};
