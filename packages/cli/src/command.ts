import type { ParseArgsConfig } from "node:util";
import type { Api } from "./api.js";
import type { Output } from "./output.js";

type OptionConfig = NonNullable<ParseArgsConfig["options"]>[string];

/** An option of a command, with what --help says about it. */
export type Option = OptionConfig & { description: string; placeholder?: string };

export type Token = { kind: string; name?: string; value?: string; index: number };

export type CommandContext = {
  api: Api;
  out: Output;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  /** The parsed command line in order, for options whose meaning depends on their position (listen's routes). */
  tokens: Token[];
};

/**
 * One command of the tool: its words (`["events", "list"]`), what --help prints, and what it does.
 * `run` answers the exit status (0 unless it says otherwise) or throws a CliError.
 */
export type Command = {
  words: string[];
  summary: string;
  usage: string;
  description?: string;
  options?: Record<string, Option>;
  examples: string[];
  run: (ctx: CommandContext) => Promise<number | void>;
};

export const GLOBAL_OPTIONS: Record<string, Option> = {
  "api-key": { type: "string", placeholder: "<key>", description: "Secret key (sk_test_…); default: $CAURI_API_KEY" },
  "base-url": { type: "string", placeholder: "<url>", description: "Service address; default: $CAURI_BASE_URL or http://localhost:3000" },
  json: { type: "boolean", description: "Machine-readable output: one JSON value per line" },
  help: { type: "boolean", short: "h", description: "Show help for the command" },
  version: { type: "boolean", short: "v", description: "Print the tool's version" },
};

const optionLines = (options: Record<string, Option>) => {
  const rows = Object.entries(options).map(([name, o]) => [`${o.short ? `-${o.short}, ` : "    "}--${name}${o.placeholder ? ` ${o.placeholder}` : ""}`, o.description + (o.multiple ? " (repeatable)" : "")]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join("\n");
};

export function commandHelp(command: Command): string {
  const parts = [`Usage: ${command.usage}`, "", command.summary];
  if (command.description) parts.push("", command.description);
  if (command.options && Object.keys(command.options).length) parts.push("", "Options:", optionLines(command.options));
  parts.push("", "Global options:", optionLines(GLOBAL_OPTIONS));
  if (command.examples.length) parts.push("", "Examples:", ...command.examples.map((e) => `  ${e}`));
  return parts.join("\n");
}

export function listHelp(title: string, usage: string, commands: Command[], footer: string[] = []): string {
  const width = Math.max(...commands.map((c) => c.words.join(" ").length));
  return [
    `Usage: ${usage}`,
    "",
    title,
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.words.join(" ").padEnd(width)}  ${c.summary}`),
    "",
    "Global options:",
    optionLines(GLOBAL_OPTIONS),
    ...footer,
  ].join("\n");
}
