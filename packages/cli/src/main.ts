#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Api, resolveConfig } from "./api.js";
import { commandHelp, GLOBAL_OPTIONS, listHelp, type Command, type Option, type Token } from "./command.js";
import { clockAdvance, clockShow } from "./commands/clock.js";
import { eventsGet, eventsList, eventsResend } from "./commands/events.js";
import { listen } from "./commands/listen.js";
import { logsTail } from "./commands/logs.js";
import { open } from "./commands/open.js";
import { trigger } from "./commands/trigger.js";
import { CliError } from "./errors.js";
import { createOutput } from "./output.js";

export const COMMANDS: Command[] = [listen, trigger, logsTail, eventsList, eventsGet, eventsResend, clockAdvance, clockShow, open];

/** The same file one level up from src/ (run with tsx) and from dist/ (the published package). */
const version = (): string => (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const ROOT_FOOTER = [
  "",
  "Configuration: --api-key or CAURI_API_KEY (a test key sk_test_… for listen, trigger, events, clock),",
  "--base-url or CAURI_BASE_URL (default http://localhost:3000). `cauri <command> --help` for each command.",
];

const rootHelp = () => listHelp(`cauri ${version()}: the Cauri payments API from your terminal.`, "cauri <command> [options]", COMMANDS, ROOT_FOOTER);

const allOptions = (commands: Command[]): Record<string, Option> => Object.assign({}, GLOBAL_OPTIONS, ...commands.map((c) => c.options ?? {}));

/** The command named by the leading words (`events list`), or null. */
function findCommand(words: string[]): Command | null {
  return COMMANDS.filter((c) => c.words.every((w, i) => words[i] === w)).sort((a, b) => b.words.length - a.words.length)[0] ?? null;
}

function fail(error: unknown, json: boolean): number {
  const e = error instanceof CliError ? error : new CliError(`Unexpected error: ${(error as Error)?.stack ?? String(error)}`, "INTERNAL");
  const out = createOutput({ json: false });
  process.stderr.write(json ? `${JSON.stringify({ error: { code: e.code, message: e.message, status: e.status } })}\n` : `${out.paint("red", "Error:")} ${e.message}\n`);
  return e.exitCode;
}

export async function main(argv: string[]): Promise<number> {
  // A first, lenient pass finds the command's words whatever options surround them.
  const loose = parseArgs({ args: argv, options: allOptions(COMMANDS), strict: false, allowPositionals: true });
  const json = loose.values.json === true;
  const command = findCommand(loose.positionals);
  if (!command) {
    const group = COMMANDS.filter((c) => c.words.length > 1 && c.words[0] === loose.positionals[0]);
    if (loose.values.version && !loose.positionals.length) return process.stdout.write(`${version()}\n`), 0;
    if (group.length) {
      const help = listHelp(`cauri ${loose.positionals[0]}: ${group.map((c) => c.words[1]).join(", ")}.`, `cauri ${loose.positionals[0]} <command> [options]`, group);
      if (loose.positionals.length === 1) return process.stdout.write(`${help}\n`), loose.values.help ? 0 : 2;
      return fail(new CliError(`Unknown command: cauri ${loose.positionals.slice(0, 2).join(" ")}\n\n${help}`, "USAGE", 2), json);
    }
    if (!loose.positionals.length) return process.stdout.write(`${rootHelp()}\n`), 0;
    return fail(new CliError(`Unknown command: ${loose.positionals[0]}\n\n${rootHelp()}`, "USAGE", 2), json);
  }

  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, ...command.options }, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    return fail(new CliError(`${(error as Error).message}\nSee: cauri ${command.words.join(" ")} --help`, "USAGE", 2), json);
  }
  if (parsed.values.help) return process.stdout.write(`${commandHelp(command)}\n`), 0;
  if (parsed.values.version) return process.stdout.write(`${version()}\n`), 0;
  const out = createOutput({ json });
  try {
    const config = resolveConfig(parsed.values as { "api-key"?: string; "base-url"?: string });
    const status = await command.run({
      api: new Api(config),
      out,
      values: parsed.values,
      positionals: parsed.positionals.slice(command.words.length),
      tokens: parsed.tokens as Token[],
    });
    out.done();
    return status ?? 0;
  } catch (error) {
    out.done();
    return fail(error, json);
  }
}

const status = await main(process.argv.slice(2));
process.exitCode = status;
// Nothing should keep the process alive after the command; if something does (a socket the server holds open), leave anyway.
setTimeout(() => process.exit(status), 2_000).unref();
