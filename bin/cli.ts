import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase, schema, type Database, type Handle } from "../db/client";
import { migratePglite } from "../db/migrate";
import { dataDir, runningEmbeddedUrl } from "../scripts/embedded-db";
import { runningAppUrl } from "../scripts/running-app";

export class UsageError extends Error {}

export type CommandContext = {
  db: Database;
  args: string[];
  flags: Record<string, string | boolean>;
  json: boolean;
  /** Prints the result: JSON only with --json, readable text otherwise. */
  out: (value: unknown, text?: string) => void;
};

export type Command = { usage: string; run: (ctx: CommandContext) => Promise<void> };

/** Splits `a b --x 1 --flag --y=2` into positional args and flags. */
export function parseArgv(argv: string[]): { args: string[]; flags: Record<string, string | boolean> } {
  const args: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      args.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) flags[name] = argv[++i];
    else flags[name] = true;
  }
  return { args, flags };
}

export function flagString(flags: CommandContext["flags"], name: string, required = false): string | undefined {
  const v = flags[name];
  if (v === undefined && required) throw new UsageError(`--${name} is required`);
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v as string | undefined;
}

export function flagOnOff(flags: CommandContext["flags"], name: string): boolean | undefined {
  const v = flagString(flags, name);
  if (v === undefined) return undefined;
  if (v !== "on" && v !== "off") throw new UsageError(`--${name} takes on or off`);
  return v === "on";
}

export function flagChoice<T extends string>(flags: CommandContext["flags"], name: string, choices: readonly T[]): T | undefined {
  const v = flagString(flags, name);
  if (v === undefined) return undefined;
  if (!choices.includes(v as T)) throw new UsageError(`--${name} takes one of: ${choices.join(", ")}`);
  return v as T;
}

/**
 * The database the CLI works on: DATABASE_URL; else the embedded server that `npm run dev`
 * is serving; else the embedded data directory opened in this process.
 */
export async function openCliDatabase(): Promise<Handle> {
  // Links the CLI mails point at the app running on this data directory, whatever its port.
  const app = runningAppUrl();
  if (!process.env.CAURI_PUBLIC_URL && app) process.env.CAURI_PUBLIC_URL = app;
  if (process.env.DATABASE_URL) return openDatabase({ poolMax: 2 });
  const served = await runningEmbeddedUrl();
  if (served) {
    process.env.DATABASE_PREPARE = "false";
    return openDatabase({ url: served, poolMax: 1 });
  }
  mkdirSync(dataDir(), { recursive: true });
  const client = await PGlite.create(path.join(dataDir(), "pglite"));
  await migratePglite(client);
  return { db: drizzle(client, { schema }) as unknown as Database, driver: "pglite", close: () => client.close() };
}
