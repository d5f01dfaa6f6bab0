import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { enqueueMail } from "@/lib/mail/outbox";
import { servedFunctionIds } from "./test-support";
import { scheduledFunction, tick } from "./test-support";

describe("mail-delivery Inngest function", () => {
  it("is served, and sends a committed message once (here to the dev outbox: no SMTP in tests)", async () => {
    process.env.CAURI_DATA_DIR = await mkdtemp(path.join(os.tmpdir(), "cauri-mail-inngest-"));
    expect(servedFunctionIds()).toContain(scheduledFunction("mail-delivery").id());
    const { id } = await db().transaction((tx) =>
      enqueueMail(tx, { to: "awa@example.ml", locale: "fr", template: "test", params: { name: "Awa", amount: 12_500 }, dedupeKey: `inngest-test:${Date.now()}` }),
    );
    const run = await tick("mail-delivery");
    expect(run.error).toBeUndefined();
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "SENT", attempts: 1 });
    expect(await readdir(path.join(process.env.CAURI_DATA_DIR, "mail"))).toEqual([expect.stringMatching(new RegExp(`${id}\\.eml$`))]);
  });
});
