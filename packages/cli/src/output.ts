/**
 * Everything the tool prints goes through here: people get words and colours (only on a terminal,
 * and never when NO_COLOR is set, https://no-color.org), scripts get one JSON value per line with
 * `--json`. Results go to stdout; progress and errors to stderr, so a pipe only sees results.
 */

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, gray: 90, bold: 1, dim: 2 } as const;
export type Colour = keyof typeof CODES;

export type Output = {
  json: boolean;
  /** Paints `text` when stdout is a colour terminal; returns it unchanged otherwise. */
  paint: (colour: Colour, text: string) => string;
  /** A result line for people (not printed with --json). */
  line: (text?: string) => void;
  /** A result for scripts: one JSON line (printed with --json only). */
  record: (value: unknown) => void;
  /** Progress for people waiting (stderr; rewritten in place on a terminal, silent with --json). */
  progress: (text: string) => void;
  /** Ends a progress line so the next output starts on a fresh line. */
  done: () => void;
  /** A warning or error message for people (stderr). */
  warn: (text: string) => void;
};

export function colourEnabled(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return Boolean(stream.isTTY);
}

export function createOutput(options: { json: boolean }): Output {
  const colour = colourEnabled(process.stdout);
  const errColour = colourEnabled(process.stderr);
  const interactive = Boolean(process.stderr.isTTY);
  let pending = false;
  const paintWith = (on: boolean) => (c: Colour, text: string) => (on ? `\x1b[${CODES[c]}m${text}\x1b[0m` : text);
  const done = () => {
    if (pending) process.stderr.write("\n");
    pending = false;
  };
  return {
    json: options.json,
    paint: paintWith(colour),
    line: (text = "") => {
      if (options.json) return;
      done();
      process.stdout.write(`${text}\n`);
    },
    record: (value) => {
      if (options.json) process.stdout.write(`${JSON.stringify(value)}\n`);
    },
    progress: (text) => {
      if (options.json) return;
      if (interactive) {
        process.stderr.write(`\r\x1b[2K${paintWith(errColour)("dim", text)}`);
        pending = true;
      } else {
        process.stderr.write(`${text}\n`);
      }
    },
    done,
    warn: (text) => {
      done();
      process.stderr.write(`${text}\n`);
    },
  };
}

/** An HTTP status painted by class: 2xx green, 3xx cyan, 4xx yellow, 5xx or none red. */
export function paintStatus(out: Output, status: number | null | undefined): string {
  if (status === null || status === undefined) return out.paint("red", "ERR");
  const colour: Colour = status < 300 ? "green" : status < 400 ? "cyan" : status < 500 ? "yellow" : "red";
  return out.paint(colour, String(status));
}

/** HH:MM:SS of a date, local time: what a developer compares with their own server's log. */
export const clock = (at: Date = new Date()): string => at.toTimeString().slice(0, 8);
