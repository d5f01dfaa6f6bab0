import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { enqueueSms } from "@/lib/sms/outbox";
import { smsPolicy } from "@/lib/sms/policy";
import { newMerchant } from "@/tests/support/merchant";
import { scheduledFunction, servedFunctionIds, tick } from "./test-support";

describe("sms-delivery Inngest function", () => {
  it("is served, and sends a committed message once (here to the dev outbox: no SMS_URL in tests)", async () => {
    process.env.CAURI_DATA_DIR = await mkdtemp(path.join(os.tmpdir(), "cauri-sms-inngest-"));
    expect(servedFunctionIds()).toContain(scheduledFunction("sms-delivery").id());
    const m = await newMerchant();
    const { id } = await db().transaction((tx) =>
      enqueueSms(
        tx,
        { merchantId: m.merchant.id, mode: "test", to: "+22376554433", locale: "fr", template: "test", params: { merchant: "Boutique Awa" }, dedupeKey: `inngest-sms:${Date.now()}` },
        smsPolicy({ SMS_QUIET_HOURS: "off" }),
      ),
    );
    expect((await tick("sms-delivery")).error).toBeUndefined();
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ status: "SENT", attempts: 1, segments: 1 });
    const dir = path.join(process.env.CAURI_DATA_DIR, "sms");
    const [file] = await readdir(dir);
    expect(file).toMatch(new RegExp(`${id}\\.json$`));
    expect(JSON.parse(await readFile(path.join(dir, file), "utf8"))).toMatchObject({ to: "+22376554433", text: "Message d'essai de Cauri pour Boutique Awa. Vos SMS fonctionnent." });
    // A second tick finds nothing.
    await tick("sms-delivery");
    expect(await readdir(dir)).toHaveLength(1);
  });
});
