import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { UsageError, type CommandContext } from "../cli";
import { mailCommands } from "./mail";

async function run(flags: CommandContext["flags"]) {
  const printed: unknown[] = [];
  await mailCommands.test.run({ db: db(), args: [], flags, json: true, out: (value) => printed.push(value) });
  return printed[0] as { id: string; status: string };
}

describe("ops mail test", () => {
  it("enqueues the test message in the locale asked, each run a new message", async () => {
    const first = await run({ to: "ops@example.ml", locale: "en", name: "Ops" });
    const second = await run({ to: "ops@example.ml" });
    expect(first.id).not.toBe(second.id);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, first.id));
    expect(row).toMatchObject({ to: "ops@example.ml", locale: "en", template: "test", status: "PENDING", subject: "Cauri: test e-mail" });
    expect(row.text).toContain("Hello Ops,");
    const [fr] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, second.id));
    expect(fr.subject).toBe("Cauri : e-mail de test");
  });

  it("refuses a missing or bad address and an unknown locale", async () => {
    await expect(run({})).rejects.toBeInstanceOf(UsageError);
    await expect(run({ to: "not-an-address" })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ to: "ops@example.ml", locale: "bm" })).rejects.toBeInstanceOf(UsageError);
  });
});
