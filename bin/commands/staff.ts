import { createStaffUser } from "../../lib/auth/users";
import { flagString, UsageError, type Command } from "../cli";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError("--password-stdin reads the password from standard input: pipe it in");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  // One trailing newline (echo, a file) is not part of the password.
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

/**
 * Ops-console accounts. Staff users are created here only (never by sign-up). Prefer
 * --password-stdin: a password on the command line stays in the shell history and `ps`.
 */
export const staffCommands: Record<string, Command> = {
  create: {
    usage: "staff create --email EMAIL (--password-stdin | --password PASSWORD) [--json]",
    async run({ db, flags, out }) {
      const email = flagString(flags, "email", true)!;
      const fromStdin = flags["password-stdin"] === true;
      const inline = flagString(flags, "password");
      if (fromStdin === (inline !== undefined)) throw new UsageError("give the password with exactly one of --password-stdin or --password");
      const password = fromStdin ? await readStdin() : inline!;
      const user = await createStaffUser(db, { email, password });
      out(
        { user_id: user.id, email: user.email, role: user.role, created_at: user.createdAt.toISOString() },
        `Staff user ${user.email} created (${user.id}). They sign in at /signin and land on /ops.`,
      );
    },
  },
};
