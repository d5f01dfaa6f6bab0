/**
 * An error the tool explains itself: `message` is written for the person at the terminal, `code`
 * is the API's error code (or the tool's own, for scripts reading --json), `exitCode` is the
 * process's status (2 = the command line was wrong, 1 = anything else).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly exitCode = 1,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string) => new CliError(message, "USAGE", 2);
