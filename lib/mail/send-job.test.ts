import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, type Database } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { flushLogs } from "@/lib/log";
import { mailSettings, type MailSettings } from "./config";
import { listDevMail } from "./dev-outbox";
import { enqueueMail } from "./outbox";
import { defaultMailPolicy, type MailPolicy } from "./policy";
import { attemptClaimed, claimDueMail, sendDueMail } from "./send-job";
import { openTransport } from "./transport";
import { closedPort, startSmtpServer } from "./test-support";

const FROM = "Cauri <no-reply@cauri.test>";
const smtpAt = (port: number): MailSettings => ({ from: FROM, delivery: { kind: "smtp", smtp: { host: "127.0.0.1", port } } });
// Retries a minute apart: a test makes the next attempt due by moving next_attempt_at back.
const policy: MailPolicy = { ...defaultMailPolicy(), retryDelaysMs: [60_000, 60_000], timeoutsMs: { connection: 2_000, greeting: 2_000, socket: 5_000 } };

let seq = 0;
const key = () => `test:${Date.now()}:${seq++}`;

function enqueueTest(tx: Database, input: { to?: string; locale?: "fr" | "en"; name?: string; amount?: number; dedupeKey?: string } = {}) {
  return enqueueMail(tx, {
    to: input.to ?? "awa@example.ml",
    locale: input.locale ?? "fr",
    template: "test",
    params: { name: input.name ?? "Awa", amount: input.amount ?? 12_500 },
    dedupeKey: input.dedupeKey ?? key(),
  });
}

const rowsOf = (ids: string[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
const rowOf = async (id: string) => (await rowsOf([id]))[0];
const makeDue = (id: string) => db().update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));

// Each file has its own database; each test starts from an empty outbox, as the job sends all due mail.
beforeEach(async () => {
  await db().delete(mailOutbox);
});

describe("mail through SMTP", () => {
  let servers: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  const server = async (options?: Parameters<typeof startSmtpServer>[0]) => {
    const s = await startSmtpServer(options);
    servers.push(s);
    return s;
  };

  it("sends what a committed transaction enqueued, in French and English, HTML escaped, amounts formatted", async () => {
    const smtp = await server();
    const [fr, en] = await db().transaction(async (tx) => [
      await enqueueTest(tx, { to: "awa@example.ml", locale: "fr", name: "<b>Awa & Fils</b>", amount: 12_500 }),
      await enqueueTest(tx, { to: "john@example.com", locale: "en", name: "John", amount: 1_250_000 }),
    ]);
    const outcomes = await sendDueMail(db(), { settings: smtpAt(smtp.port), policy });
    expect(outcomes.map((o) => o.status)).toEqual(["SENT", "SENT"]);
    expect(smtp.received).toHaveLength(2);

    const frMail = smtp.received.find((r) => r.envelopeTo[0] === "awa@example.ml")!.mail;
    expect(frMail.subject).toBe("Cauri : e-mail de test");
    expect(frMail.from?.text).toBe('"Cauri" <no-reply@cauri.test>');
    expect(frMail.messageId).toBe(`<${fr.id}@cauri.test>`);
    expect(frMail.text).toContain("Bonjour <b>Awa & Fils</b>,");
    expect(frMail.text).toContain("Exemple de montant : 12 500 FCFA");
    expect(frMail.html).toContain("Bonjour &lt;b&gt;Awa &amp; Fils&lt;/b&gt;,");
    expect(frMail.html).not.toContain("<b>Awa");
    expect(frMail.html).toContain("<strong>12 500 FCFA</strong>");
    expect(frMail.html).toContain('<html lang="fr">');

    const enMail = smtp.received.find((r) => r.envelopeTo[0] === "john@example.com")!.mail;
    expect(enMail.subject).toBe("Cauri: test e-mail");
    expect(enMail.text).toContain("Hello John,");
    expect(enMail.text).toContain("Sample amount: 1 250 000 FCFA");

    for (const row of await rowsOf([fr.id, en.id])) {
      expect(row).toMatchObject({ status: "SENT", attempts: 1, claimToken: null, claimedUntil: null, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // Sent once: a second pass finds nothing due.
    expect(await sendDueMail(db(), { settings: smtpAt(smtp.port), policy })).toEqual([]);
    expect(smtp.received).toHaveLength(2);
  });

  it("reads SMTP_URL and SMTP_HOST/PORT/USER/PASSWORD, and authenticates with them", async () => {
    const credentials = { user: "cauri", pass: "s3cret pass" };
    const smtp = await server({ credentials });
    const byUrl = mailSettings({ SMTP_URL: `smtp://cauri:${encodeURIComponent(credentials.pass)}@127.0.0.1:${smtp.port}`, MAIL_FROM: FROM });
    const byHost = mailSettings({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_USER: "cauri", SMTP_PASSWORD: credentials.pass });
    await db().transaction((tx) => enqueueTest(tx, { to: "url@example.ml" }));
    await sendDueMail(db(), { settings: byUrl, policy });
    await db().transaction((tx) => enqueueTest(tx, { to: "host@example.ml" }));
    await sendDueMail(db(), { settings: byHost, policy });
    expect(smtp.received.map((r) => [r.envelopeTo[0], r.user])).toEqual([
      ["url@example.ml", "cauri"],
      ["host@example.ml", "cauri"],
    ]);
    expect(smtp.received[1].mail.from?.text).toBe('"Cauri" <no-reply@localhost>');
  });

  it("enqueues nothing when the transaction rolls back", async () => {
    const dedupeKey = key();
    await expect(
      db().transaction(async (tx) => {
        await enqueueTest(tx, { dedupeKey });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey))).toEqual([]);
  });

  it("never enqueues the same cause twice", async () => {
    const dedupeKey = key();
    const first = await db().transaction((tx) => enqueueTest(tx, { dedupeKey }));
    const second = await db().transaction((tx) => enqueueTest(tx, { dedupeKey, name: "Someone else" }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey))).toHaveLength(1);
  });

  it("refuses a bad address and unknown parameters before anything is written", async () => {
    await expect(db().transaction((tx) => enqueueTest(tx, { to: "not an address" }))).rejects.toThrow();
    await expect(db().transaction((tx) => enqueueTest(tx, { amount: 12.5 }))).rejects.toThrow();
    expect(await db().select().from(mailOutbox)).toEqual([]);
  });

  it("keeps a refused message PENDING with a later attempt, then FAILED after the last", async () => {
    const smtp = await server({ refuse: () => 550 });
    const { id } = await db().transaction((tx) => enqueueTest(tx));

    const before = Date.now();
    const [first] = await sendDueMail(db(), { settings: smtpAt(smtp.port), policy });
    expect(first).toMatchObject({ id, status: "PENDING", attempts: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, claimToken: null, sentAt: null });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(row.lastError).toContain("550");
    // Not due yet: a pass leaves it alone.
    expect(await sendDueMail(db(), { settings: smtpAt(smtp.port), policy })).toEqual([]);

    await makeDue(id);
    await sendDueMail(db(), { settings: smtpAt(smtp.port), policy });
    expect(await rowOf(id)).toMatchObject({ status: "PENDING", attempts: 2 });

    await makeDue(id);
    const [last] = await sendDueMail(db(), { settings: smtpAt(smtp.port), policy });
    expect(last).toMatchObject({ status: "FAILED", attempts: 3, nextAttemptAt: null });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 3, sentAt: null });
    await makeDue(id);
    expect(await sendDueMail(db(), { settings: smtpAt(smtp.port), policy })).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps a message PENDING when the server cannot be reached", async () => {
    const { id } = await db().transaction((tx) => enqueueTest(tx));
    const [outcome] = await sendDueMail(db(), { settings: smtpAt(await closedPort()), policy });
    expect(outcome).toMatchObject({ id, status: "PENDING", attempts: 1 });
    const row = await rowOf(id);
    expect(row.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("sends each message exactly once when two job runs overlap", async () => {
    const smtp = await server({ dataDelayMs: 30 });
    const ids = await db().transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 8; i++) out.push((await enqueueTest(tx, { to: `buyer${i}@example.ml` })).id);
      return out;
    });
    const runs = await Promise.all([
      sendDueMail(db(), { settings: smtpAt(smtp.port), policy, limit: 3 }),
      sendDueMail(db(), { settings: smtpAt(smtp.port), policy, limit: 3 }),
    ]);
    // Both runs took a share: the claims really overlapped.
    expect(runs.map((r) => r.length > 0)).toEqual([true, true]);
    expect(runs.flat().map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(smtp.received.map((r) => r.mail.messageId).sort()).toEqual(ids.map((id) => `<${id}@cauri.test>`).sort());
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ status: "SENT", attempts: 1 });
  });
});

describe("claims", () => {
  it("hold a message for their lease, then let it be claimed again", async () => {
    const { id } = await db().transaction((tx) => enqueueTest(tx));
    expect((await claimDueMail(db(), { limit: 10, leaseMs: 200 })).map((c) => c.id)).toEqual([id]);
    expect(await claimDueMail(db(), { limit: 10, leaseMs: 200 })).toEqual([]);
    // Polled: a claim while the lease holds takes nothing, the first one after it takes the message.
    await vi.waitFor(async () => expect((await claimDueMail(db(), { limit: 10, leaseMs: 200 })).map((c) => c.id)).toEqual([id]), { timeout: 10_000, interval: 50 });
  });

  it("let kinds of mail take turns: a burst of one kind does not hold back a password reset queued after it", async () => {
    const burst = [];
    for (let i = 0; i < 8; i++) burst.push((await db().transaction((tx) => enqueueTest(tx, { to: `client${i}@example.ml` }))).id);
    const reset = (await enqueueMail(db(), { to: "awa@example.ml", locale: "fr", template: "password_reset", params: { url: "https://pay.cauri.test/reset/t", minutes: 60, forced: false }, dedupeKey: key() })).id;
    const first = (await claimDueMail(db(), { limit: 3, leaseMs: 60_000 })).map((c) => c.id);
    expect(first.sort()).toEqual([reset, burst[0], burst[1]].sort());
    expect((await claimDueMail(db(), { limit: 10, leaseMs: 60_000 })).map((c) => c.id).sort()).toEqual(burst.slice(2).sort());
  });

  it("records nothing for a sender whose lease ran out: the message went twice, under one Message-ID", async () => {
    const smtp = await startSmtpServer();
    const transport = openTransport(smtpAt(smtp.port).delivery, policy)!;
    try {
      const { id } = await db().transaction((tx) => enqueueTest(tx));
      const stale = await claimDueMail(db(), { limit: 1, leaseMs: 1 });
      await new Promise((r) => setTimeout(r, 20));
      const taken = await claimDueMail(db(), { limit: 1, leaseMs: 60_000 });
      expect(taken.map((c) => c.id)).toEqual([id]);

      const [late] = await attemptClaimed(db(), stale, { transport, from: FROM, policy });
      expect(late).toMatchObject({ id, recorded: false });
      expect(await rowOf(id)).toMatchObject({ status: "PENDING", attempts: 0, claimToken: taken[0].token });

      const [kept] = await attemptClaimed(db(), taken, { transport, from: FROM, policy });
      expect(kept).toMatchObject({ id, status: "SENT", attempts: 1, recorded: true });
      expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1, claimToken: null });
      expect(smtp.received.map((r) => r.mail.messageId)).toEqual([`<${id}@cauri.test>`, `<${id}@cauri.test>`]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe("without SMTP", () => {
  it("writes a readable .eml file to the dev outbox and marks the message sent", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cauri-mail-"));
    const settings = mailSettings({ NODE_ENV: "development", CAURI_DATA_DIR: dataDir });
    expect(settings.delivery).toEqual({ kind: "dev-outbox", dir: path.join(dataDir, "mail") });
    const first = await db().transaction((tx) => enqueueTest(tx, { to: "awa@example.ml", name: "Awa" }));
    await sendDueMail(db(), { settings, policy });
    const second = await db().transaction((tx) => enqueueTest(tx, { to: "john@example.com", locale: "en", name: "John" }));
    await sendDueMail(db(), { settings, policy });

    const files = (await readdir(path.join(dataDir, "mail"))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(new RegExp(`${first.id}\\.eml$`));
    const parsed = await simpleParser(await readFile(path.join(dataDir, "mail", files[0])));
    expect(parsed.subject).toBe("Cauri : e-mail de test");
    expect(parsed.text).toContain("Exemple de montant : 12 500 FCFA");
    expect(await rowOf(first.id)).toMatchObject({ status: "SENT", attempts: 1 });

    // What /dev/mail shows: newest first, with recipient, subject, date and text.
    const listed = await listDevMail(path.join(dataDir, "mail"));
    expect(listed.map((m) => [m.to, m.subject])).toEqual([
      ["john@example.com", "Cauri: test e-mail"],
      ["awa@example.ml", "Cauri : e-mail de test"],
    ]);
    expect(listed[0].text).toContain("Hello John,");
    expect(listed[0].date).toBeInstanceOf(Date);
    expect(second.created).toBe(true);
  });

  it("in production, leaves mail PENDING and untouched, and says SMTP is not configured", async () => {
    const settings = mailSettings({ NODE_ENV: "production" });
    expect(settings.delivery).toEqual({ kind: "unconfigured" });
    const { id } = await db().transaction((tx) => enqueueTest(tx));
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const silent = process.env.CAURI_LOG;
    delete process.env.CAURI_LOG;
    try {
      expect(await sendDueMail(db(), { settings, policy })).toEqual([]);
      flushLogs();
    } finally {
      process.env.CAURI_LOG = silent;
      spy.mockRestore();
    }
    expect(await rowOf(id)).toMatchObject({ status: "PENDING", attempts: 0, claimToken: null, lastError: null });
    const said = lines.join("\n").split("\n").map((l) => JSON.parse(l) as { level: string; msg: string; waiting: number });
    expect(said).toContainEqual(expect.objectContaining({ level: "warn", msg: expect.stringContaining("SMTP is not configured"), waiting: 1 }));
  });
});
