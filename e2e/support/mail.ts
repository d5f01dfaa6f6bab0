import postgres from "postgres";
import { suiteDatabaseUrl } from "./instance";

/**
 * The newest message of a template the product wrote to an address: the outbox row's rendered
 * text, exactly what the mail job sends. Polls, since the page's request commits it.
 */
export async function readMail(to: string, template: string, options: { after?: Date; timeoutMs?: number } = {}): Promise<string> {
  // Unnamed statements: the embedded server does not keep prepared ones between clients.
  const sql = postgres(suiteDatabaseUrl(), { max: 1, prepare: false, onnotice: () => {} });
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  try {
    for (;;) {
      const rows = await sql<{ text: string; created_at: Date }[]>`
        select text, created_at from mail_outbox where "to" = ${to.toLowerCase()} and template = ${template} order by created_at desc, id desc limit 1`;
      if (rows[0] && (!options.after || rows[0].created_at >= options.after)) return rows[0].text;
      if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await sql.end();
  }
}

/** The path and query of the link to `path` in a message (the page is opened on the test's own server). */
export function linkIn(text: string, path: "/account/reset" | "/account/verify"): string {
  const match = new RegExp(`https?://[^\\s/]+(${path.replace("/", "\\/")}\\?token=[A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return match[1];
}
