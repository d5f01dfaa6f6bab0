import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeIndex } from "@/app/v1/route-index";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import type { ErrorCode } from "@/lib/core/errors";
import type { DefinedRoute } from "@/lib/http/route";
import { startInvoicePayment } from "@/lib/invoices/public";
import { appServerForFile } from "@/tests/support/app-server";
import { newMerchant } from "@/tests/support/merchant";
import { requires } from "@/tests/support/requirements";
import { INVOICE_ERRORS } from "./errors";
import { advance, client, createDraft, finalize, REMINDER_WALK, SAMPLE_PHONE, send, settle, timeline, voidInvoice } from "./samples";

// The guide's samples, run as an integrator would paste them, against the production server
// module (which serves /v1 in-process) on a real port.
const dir = mkdtempSync(path.join(tmpdir(), "cauri-invoice-guide-"));

const app = appServerForFile();

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs a program without blocking this process's event loop: the server under test lives in it. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, timeout: 60_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end();
  });
}

/** One curl sample with the ids filled in; its answer's envelope. */
async function curl(sample: string, key: string, ids: Record<string, string> = {}) {
  const script = Object.entries(ids).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), sample);
  const result = await run("bash", ["-c", script], { CAURI_KEY: key });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { success: boolean; data: Record<string, unknown> & { id: string }; error?: { code: string } };
}

const typesOf = async (objectId: string) =>
  (await db().select({ type: events.type }).from(events).where(and(eq(events.objectId, objectId), like(events.type, "invoice.%")))).map((e) => e.type).sort();

const day = (at: string, days: number) => new Date(Date.parse(`${at}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("the invoice guide's error table", () => {
  it("gives a meaning to every code the invoice routes declare, and to no other", () => {
    const answered = new Set<ErrorCode>();
    for (const entry of routeIndex.filter((r) => r.path.startsWith("/v1/invoices"))) {
      for (const handler of Object.values(entry.module) as Partial<DefinedRoute>[]) {
        const definition = handler?.definition;
        if (!definition) continue;
        definition.doc?.errors?.forEach((code) => answered.add(code));
        if (definition.idempotency) answered.add(definition.conflictCode ?? "IDEMPOTENCY_CONFLICT");
      }
    }
    expect(Object.keys(INVOICE_ERRORS.fr).sort()).toEqual([...answered].sort());
  });
});

describe("the invoice guide's samples", () => {
  it("create, finalize, send, walk the reminders on the test clock and pay, as the guide tells", async (context) => {
    await requires(context, "curl");
    const { testKey } = await newMerchant();

    const draft = await curl(createDraft(app.base), testKey);
    expect(draft.data).toMatchObject({ status: "DRAFT", number: null, total: 40_000, customer_phone: SAMPLE_PHONE, hosted_invoice_url: null });
    const id = draft.data.id;

    const open = (await curl(finalize(app.base), testKey, { id })).data;
    expect(open).toMatchObject({ status: "OPEN", number: expect.stringMatching(/^FAC-\d{4}-0001$/), hosted_invoice_url: expect.stringMatching(/\/i\/[A-Za-z0-9]{20}$/) });
    expect(open.pdf_url).toBe(`${open.hosted_invoice_url}/pdf`);
    const due = open.due_date as string;
    expect(due).toBe(day((open.finalized_at as string).slice(0, 10), 7));

    const sent = (await curl(send(app.base), testKey, { id })).data;
    expect(sent).toMatchObject({ sent_channels: ["sms", "email", "whatsapp"], next_reminder_on: day(due, -3) });
    expect(sent.delivery).toMatchObject({
      sms: { status: expect.stringMatching(/^(queued|scheduled)$/) },
      email: { status: "queued" },
      whatsapp_url: expect.stringMatching(/^https:\/\/wa\.me\/22370000001\?text=.+/),
    });

    for (const step of REMINDER_WALK) {
      expect((await curl(advance(app.base, step.seconds), testKey)).success).toBe(true);
      const reminded = (await curl(timeline(app.base), testKey, { id })).data as unknown as { kind: string; channel: string; detail: { day_offset?: number } }[];
      const offsets = reminded.filter((a) => a.kind === "reminded").map((a) => `${a.detail.day_offset} ${a.channel}`);
      const expected = REMINDER_WALK.filter((s) => s.offset !== null && REMINDER_WALK.indexOf(s) <= REMINDER_WALK.indexOf(step)).flatMap((s) => [`${s.offset} sms`, `${s.offset} email`]);
      expect(offsets.sort(), `after ${step.seconds} s`).toEqual(expected.sort());
      const read = (await curl(`curl -s ${app.base}/v1/invoices/{id} -H "Authorization: Bearer $CAURI_KEY"`, testKey, { id })).data;
      const overdue = REMINDER_WALK.indexOf(step) >= REMINDER_WALK.findIndex((s) => s.overdue);
      expect(read.status).toBe(overdue ? "OVERDUE" : "OPEN");
    }
    const read = (await curl(`curl -s ${app.base}/v1/invoices/{id} -H "Authorization: Bearer $CAURI_KEY"`, testKey, { id })).data;
    expect(read.next_reminder_on).toBeNull();

    // The customer taps Pay on the hosted page (the page calls this), then the attempt is settled as the guide shows.
    const payment = await startInvoicePayment(db(), (open.hosted_invoice_url as string).split("/i/")[1]);
    expect((await curl(settle(app.base), testKey, { payment_id: payment.id })).data).toMatchObject({ status: "SUCCESS", amount: 40_000 });
    expect((await curl(`curl -s ${app.base}/v1/invoices/{id} -H "Authorization: Bearer $CAURI_KEY"`, testKey, { id })).data).toMatchObject({
      status: "PAID",
      amount_paid: 40_000,
      amount_due: 0,
      payment_id: payment.id,
      next_reminder_on: null,
    });
    expect(await typesOf(id)).toEqual(["invoice.finalized", "invoice.overdue", "invoice.paid", "invoice.sent"]);

    const refused = await curl(voidInvoice(app.base), testKey, { id });
    expect(refused).toMatchObject({ success: false, error: { code: "INVOICE_ALREADY_PAID" } });
  });

  it("the typed client's sample compiles and runs: a numbered invoice, sent, then voided", async () => {
    const { testKey, merchant } = await newMerchant();
    const file = path.join(dir, "client-sample.mts");
    const clientSource = path.resolve("packages/client/src/index.ts");
    writeFileSync(file, client(app.base, { idempotency: "", voided: "" }).replace('"@cauri/client"', JSON.stringify(clientSource)));
    const tsc = await run(path.resolve("node_modules/.bin/tsc"), [
      ...["--noEmit", "--strict", "--skipLibCheck", "--allowImportingTsExtensions", "--target", "es2022", "--lib", "es2023,dom"],
      ...["--module", "nodenext", "--moduleResolution", "nodenext", "--types", "node", "--typeRoots", path.resolve("node_modules/@types"), file],
    ]);
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);

    const result = await run(path.resolve("node_modules/.bin/tsx"), [file], { CAURI_KEY: testKey });
    expect(result.status, result.stderr).toBe(0);
    const [number, url, sms, whatsapp] = result.stdout.trim().split(" ");
    expect(number).toMatch(/^FAC-\d{4}-0001$/);
    expect(url).toMatch(/\/i\/[A-Za-z0-9]{20}$/);
    expect(sms).toMatch(/^(queued|scheduled)$/);
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\//);
    const merchantEvents = await db().select({ type: events.type }).from(events).where(and(eq(events.merchantId, merchant.id), like(events.type, "invoice.%")));
    expect(merchantEvents.map((e) => e.type).sort()).toEqual(["invoice.finalized", "invoice.sent", "invoice.voided"]);
  }, 90_000);
});
