import { randomUUID } from "node:crypto";
import { LOCALES } from "../../lib/i18n/locale";
import { enqueueMail, MailRecipient } from "../../lib/mail/outbox";
import { flagChoice, flagString, UsageError, type Command } from "../cli";

/** `mail test`: enqueues the test message, which the mail-delivery job then sends (or writes to the dev outbox). */
export const mailCommands: Record<string, Command> = {
  test: {
    usage: "mail test --to ADDRESS [--locale fr|en] [--name NAME] [--json]",
    run: async ({ db, flags, out }) => {
      const to = flagString(flags, "to", true)!.trim();
      if (!MailRecipient.safeParse(to).success) throw new UsageError("--to takes an e-mail address");
      const locale = flagChoice(flags, "locale", LOCALES) ?? "fr";
      const name = flagString(flags, "name") ?? "Cauri";
      // Each run is a cause of its own: a new key every time.
      const { id } = await enqueueMail(db, { to, locale, template: "test", params: { name, amount: 12_500 }, dedupeKey: `ops-test:${randomUUID()}` });
      out({ id, to, locale, status: "PENDING" }, `Test mail ${id} to ${to} queued; the mail-delivery job sends it within seconds (without SMTP: /dev/mail).`);
    },
  },
};
