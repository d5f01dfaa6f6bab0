import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { extraPort } from "./support/instance";
import { SHOP_PORT, verify } from "../app/docs/quick-start/snippets";

/**
 * The first afternoon, as a newcomer walks it with only the README and /docs: `npm run dev` on a
 * fresh data directory, the key from its banner, the CLI command the quick start shows
 * forwarding to the shop on this machine, a payment whose return_url is the shop's localhost
 * thank-you page, paid on the checkout, and the payment.success the shop receives checked with
 * the quick start's own verification code and the secret the CLI printed.
 */
const port = extraPort("E2E_QUICK_START_PORT", 10);
const origin = `http://localhost:${port}`;

type Received = { path: string; body: string; verified: boolean; type?: string };

let dataDir = "";
let dev: ChildProcess | undefined;
let listener: ChildProcess | undefined;
let shop: Server | undefined;
const received: Received[] = [];

/** Runs a shell line the way a terminal does, in its own process group so the test can stop all of it. */
function shell(line: string, env: NodeJS.ProcessEnv) {
  const child = spawn("bash", ["-c", line], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // A terminal shows colours (Playwright's workers set FORCE_COLOR); the words are what is read here.
  return { child, output: () => output.replace(/\x1b\[[0-9;]*m/g, "") };
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {}
  }
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, context: () => string = () => ""): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s\n${context().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.afterAll(async () => {
  stop(listener);
  stop(dev);
  if (dev && dev.exitCode === null && dev.signalCode === null) await new Promise((r) => dev!.once("exit", r));
  shop?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.resolve(".next-quick-start"), { recursive: true, force: true });
});

test("the quick start takes a fresh dev server to a verified payment.success at a localhost shop", async ({ page }) => {
  test.setTimeout(900_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "cauri-quick-start-"));

  // The docs' Node.js verification, as a merchant pastes it into the shop.
  const verifier = path.join(dataDir, "verify.mjs");
  writeFileSync(verifier, verify.node);
  const { verifyServiceSignature } = (await import(pathToFileURL(verifier).href)) as { verifyServiceSignature: (body: string, header: string, secret: string) => boolean };

  // Step 0: the README's first command on a machine that has installed (the embedded database, no Redis).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), CAURI_DATA_DIR: dataDir, NEXT_DIST_DIR: ".next-quick-start" };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.CAURI_PUBLIC_URL;
  const server = shell("npm run dev", env);
  dev = server.child;
  const key = await until("the banner's test key", () => server.output().match(/\bsk_test_[A-Za-z0-9]+/)?.[0], 120_000, server.output);
  expect(server.output()).toContain(`Docs:      ${origin}/docs`);
  expect(server.output()).toMatch(new RegExp(`Dashboard: ${origin}/signin {2}\\(demo@cauri\\.test, password in .*demo\\.json: \\S+\\)`));

  // The shop: its thank-you page and its webhook handler, on a port of its own.
  let secret = "";
  shop = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (req.method === "POST") {
        const verified = Boolean(secret) && verifyServiceSignature(body, String(req.headers["x-service-signature"] ?? ""), secret);
        received.push({ path: req.url!, body, verified, type: verified ? JSON.parse(body).type : undefined });
        res.writeHead(verified ? 200 : 400).end();
      } else {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><html lang=fr><title>Merci</title><h1>Merci pour votre commande</h1></html>");
      }
    });
  });
  await new Promise<void>((resolve) => shop!.listen(0, resolve));
  const shopPort = (shop.address() as AddressInfo).port;
  const atShop = (line: string) => line.replaceAll(String(SHOP_PORT), String(shopPort));

  // The banner comes before Next.js listens; its first compile of a page is slow on a small machine.
  await until(
    "the dev server's answer",
    async () => {
      try {
        return (await fetch(`${origin}/healthz`)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    180_000,
    server.output,
  );
  // The quick start, read in the browser.
  await page.goto(`${origin}/docs/quick-start?lang=en`, { timeout: 240_000 });
  const command = (text: string) => page.locator("pre", { hasText: text }).first().innerText();
  const listenLine = await command("listen --forward-to");
  const triggerLine = await command("trigger payment.success");
  const setKey = await command("export CAURI_KEY");
  expect(setKey).toContain(`export CAURI_URL=${origin}`);

  // Step 1 in the terminal, then step 4: the CLI forwards to the shop and prints the session's secret.
  const terminal: NodeJS.ProcessEnv = { ...process.env, CAURI_URL: origin, CAURI_KEY: key };
  const cli = shell(atShop(listenLine), terminal);
  listener = cli.child;
  secret = await until("the CLI's signing secret", () => cli.output().match(/\bwhsec_[A-Za-z0-9+/=]+/)?.[0], 420_000, cli.output);

  // Step 3: a payment whose return_url is the shop's own thank-you page on this machine.
  const created = await fetch(`${origin}/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "x-idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ amount: 5000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: `http://localhost:${shopPort}/merci`, client_reference: "order-1042" }),
  });
  const answer = await created.json();
  expect(created.status, JSON.stringify(answer)).toBe(201);
  const payment = answer.data as { id: string; redirect_url: string };

  await page.goto(payment.redirect_url, { timeout: 120_000 });
  await page.getByRole("button", { name: "Payer 5 000 FCFA" }).click({ timeout: 60_000 });
  await page.waitForURL((url) => url.port === String(shopPort), { timeout: 60_000 });
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ payment_id: payment.id, status: "SUCCESS" });
  await expect(page.getByRole("heading", { name: "Merci pour votre commande" })).toBeVisible();

  // Step 5: the shop got the event through the CLI, and the quick start's check accepts it.
  const delivered = await until("the forwarded payment.success", () => received.find((r) => r.body.includes(payment.id)), 60_000, cli.output);
  expect(delivered).toMatchObject({ path: "/webhooks", verified: true, type: "payment.success" });
  await until("the CLI's line for the forward", () => (/payment\.success.*\b200\b/.test(cli.output()) ? true : undefined), 20_000, cli.output);

  // `cauri trigger` makes another real payment succeed; it reaches the shop the same way.
  const before = received.length;
  const trigger = shell(triggerLine, terminal);
  const exit = await new Promise<number | null>((r) => trigger.child.once("exit", r));
  expect(exit, trigger.output()).toBe(0);
  const triggered = await until("the triggered event", () => received.slice(before).find((r) => r.type === "payment.success"), 60_000, cli.output);
  expect(triggered.verified).toBe(true);
  expect(received.filter((r) => !r.verified)).toEqual([]);

  // Each forward is a delivery attempt in the webhook log, with the shop's answer.
  const logs = await fetch(`${origin}/v1/webhooks/logs?limit=10`, { headers: { authorization: `Bearer ${key}` } });
  const attempts = (await logs.json()).data as { event_id: string; status: string }[];
  expect(attempts.filter((a) => a.status === "SUCCESS").length).toBeGreaterThanOrEqual(2);
});
