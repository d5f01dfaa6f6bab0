import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import postgres from "postgres";
import { suiteDatabaseUrl } from "./instance";
import { opsCommand } from "./ops-cli";

const run = promisify(execFile);

export interface TestMerchant {
  merchant_id: string;
  application_id: string;
  test_key: string;
  live_key: string;
}

export interface MerchantChanges {
  secureOrders?: boolean;
  kyc?: "pending" | "approved" | "rejected";
  /** Further `merchant update` flags, passed as `--name value`. */
  flags?: Record<string, string>;
}

/**
 * Runs the operator CLI the way an operator would. The environment is the test process's own,
 * which playwright.config.ts aligned with the web server's (DATABASE_URL or CAURI_DATA_DIR), so
 * the CLI writes to the database the pages read.
 */
async function ops(args: string[]): Promise<unknown> {
  try {
    const { stdout } = await run(...opsCommand(args), { env: process.env, timeout: 60_000 });
    return JSON.parse(stdout);
  } catch (error) {
    // Name the sub-command only: the arguments and output may hold keys.
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`ops ${args.slice(0, 2).join(" ")} failed: ${stderr.split("\n").slice(0, 5).join("\n")}`, { cause: error });
  }
}

function toFlags({ secureOrders, kyc, flags = {} }: MerchantChanges): string[] {
  const args: string[] = [];
  if (secureOrders !== undefined) args.push("--secure-orders", secureOrders ? "on" : "off");
  if (kyc !== undefined) args.push("--kyc", kyc);
  for (const [name, value] of Object.entries(flags)) args.push(`--${name}`, value);
  return args;
}

export async function updateMerchant(merchantId: string, changes: MerchantChanges): Promise<unknown> {
  return ops(["merchant", "update", merchantId, ...toFlags(changes), "--json"]);
}

/**
 * A fresh merchant per test, so tests never share balances, rate-limit counters or
 * idempotency keys. Changes, when given, are applied right after creation.
 */
export async function createMerchant({ name, ...changes }: { name?: string } & MerchantChanges = {}): Promise<TestMerchant> {
  const merchant = (await ops([
    "merchant",
    "create",
    "--name",
    name ?? `E2E ${randomUUID().slice(0, 8)}`,
    "--json",
  ])) as TestMerchant;
  for (const field of ["merchant_id", "application_id", "test_key", "live_key"] as const) {
    if (typeof merchant[field] !== "string") throw new Error(`ops merchant create returned no ${field}`);
  }
  if (toFlags(changes).length > 0) await updateMerchant(merchant.merchant_id, changes);
  return merchant;
}

/** The merchant id behind a dashboard user, read from the suite's database (PostgreSQL or the embedded server). */
export async function merchantIdOf(email: string): Promise<string> {
  // Unnamed statements: the embedded server does not keep prepared ones between clients.
  const sql = postgres(suiteDatabaseUrl(), { max: 1, prepare: false, onnotice: () => {} });
  try {
    const rows = await sql<{ merchant_id: string }[]>`select merchant_id from users where email = ${email.toLowerCase()}`;
    return rows[0]!.merchant_id;
  } finally {
    await sql.end();
  }
}
