import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { mailOutbox } from "@/db/schema";

/** The newest message of a template the product wrote to an address (the outbox's rendered text). */
export async function lastMail(db: Database, to: string, template: string) {
  const [row] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template))).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(1);
  return row ?? null;
}

/** The token of the link in a message's text (`…/account/reset?token=…`). */
export function tokenInText(text: string, path: "/account/reset" | "/account/verify"): string {
  const match = new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return decodeURIComponent(match[1]);
}
