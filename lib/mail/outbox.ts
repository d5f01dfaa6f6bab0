import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { Locale } from "@/lib/i18n/locale";
import { renderMail, type MailParams, type MailTemplateName } from "./templates";

export type EnqueueMail<N extends MailTemplateName> = {
  to: string;
  locale: Locale;
  template: N;
  params: MailParams<N>;
  /** Names the cause (`password-reset:<token id>`): a second enqueue with the same key adds nothing. */
  dedupeKey: string;
};

export const MailRecipient = z.email();

/**
 * Writes a message to the mail outbox, rendered now. Call it with the transaction that makes
 * the change causing the message, so the message exists if and only if the change committed;
 * the mail-delivery job sends it. Returns the message's id, and whether this call created it.
 */
export async function enqueueMail<N extends MailTemplateName>(db: Database, input: EnqueueMail<N>): Promise<{ id: string; created: boolean }> {
  const to = MailRecipient.parse(input.to.trim());
  const rendered = renderMail(input.template, input.locale, input.params);
  const [inserted] = await db
    .insert(mailOutbox)
    .values({ id: newId("mail"), dedupeKey: input.dedupeKey, to, locale: input.locale, template: input.template, ...rendered })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, input.dedupeKey));
  return { id: existing.id, created: false };
}
