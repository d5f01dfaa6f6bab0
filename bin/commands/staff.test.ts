import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { authenticate } from "@/lib/auth/users";
import { UsageError, type CommandContext } from "../cli";
import { staffCommands } from "./staff";

let seq = 0;
const email = () => `Staff-${Date.now()}-${seq++}@Cauri.test`;

async function run(flags: CommandContext["flags"]) {
  const printed: unknown[] = [];
  await staffCommands.create.run({ db: db(), args: [], flags, json: true, out: (value) => printed.push(value) });
  return printed[0] as Record<string, string>;
}

describe("ops staff create", () => {
  it("creates a staff account that can sign in; the output never carries the password", async () => {
    const address = email();
    const out = await run({ email: address, password: "console passphrase" });
    expect(out).toMatchObject({ email: address.toLowerCase(), role: "staff" });
    expect(JSON.stringify(out)).not.toContain("console passphrase");
    await expect(authenticate(db(), address, "console passphrase")).resolves.toMatchObject({ ok: true, user: { role: "staff", merchantId: null } });
  });

  it("needs exactly one way of giving the password", async () => {
    await expect(run({ email: email() })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ email: email(), password: "console passphrase", "password-stdin": true })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ password: "console passphrase" })).rejects.toBeInstanceOf(UsageError);
  });

  it("refuses a weak password and a taken e-mail with their codes", async () => {
    await expect(run({ email: email(), password: "short" })).rejects.toMatchObject({ code: "INVALID_PASSWORD" });
    const address = email();
    await run({ email: address, password: "console passphrase" });
    await expect(run({ email: address, password: "console passphrase" })).rejects.toMatchObject({ code: "EMAIL_TAKEN" });
  });
});
