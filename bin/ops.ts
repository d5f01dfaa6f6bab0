import { parseArgv, openCliDatabase, UsageError, type Command } from "./cli";
import { merchantCommands } from "./commands/merchant";
import { staffCommands } from "./commands/staff";
import { disputeCommands } from "./commands/dispute";
import { withdrawalsCommands } from "./commands/withdrawals";
import { kycCommands } from "./commands/kyc";
import { partnerProductsCommands } from "./commands/partner-products";
import { lateCollectionsCommands } from "./commands/late-collections";
import { mailCommands } from "./commands/mail";
import { userCommands } from "./commands/user";
import { booksCommands } from "./commands/books";

/**
 * The service operator's command line: `npm run --silent ops -- <group> <command> [options]`.
 * With --json, stdout carries only JSON (errors too, as {"error": {...}}), for scripts.
 */
const groups: Record<string, Record<string, Command>> = {
  merchant: merchantCommands,
  staff: staffCommands,
  dispute: disputeCommands,
  withdrawals: withdrawalsCommands,
  "late-collections": lateCollectionsCommands,
  kyc: kycCommands,
  "partner-products": partnerProductsCommands,
  mail: mailCommands,
  user: userCommands,
  books: booksCommands,
};

function usage(): string {
  return ["Usage: npm run --silent ops -- <command> [--json]", "", ...Object.values(groups).flatMap((g) => Object.values(g).map((c) => `  ${c.usage}`))].join("\n");
}

async function main(): Promise<number> {
  process.env.CAURI_LOG_STREAM = "stderr";
  const [group, name, ...rest] = process.argv.slice(2);
  const { args, flags } = parseArgv(rest);
  const json = flags.json === true;
  delete flags.json;
  const command = groups[group ?? ""]?.[name ?? ""];
  if (!command) {
    if (json) console.log(JSON.stringify({ error: { code: "USAGE", message: usage() } }));
    else console.error(usage());
    return 2;
  }
  const handle = await openCliDatabase();
  try {
    await command.run({
      db: handle.db,
      args,
      flags,
      json,
      out: (value, text) => console.log(json ? JSON.stringify(value) : (text ?? JSON.stringify(value, null, 2))),
    });
    return 0;
  } catch (error) {
    const code = error instanceof UsageError ? "USAGE" : ((error as { code?: string }).code ?? "ERROR");
    const message = error instanceof UsageError ? `${error.message}\n\n${command.usage}` : error instanceof Error ? error.message : String(error);
    if (json) console.log(JSON.stringify({ error: { code, message } }));
    else console.error(`error: ${message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
