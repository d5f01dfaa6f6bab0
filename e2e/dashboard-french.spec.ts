import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { suiteDatabaseUrl } from "./support/instance";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { expectWithinViewport, screenshots } from "./support/pages";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { signUpOnPage } from "./support/signup";

// Issue 18: the merchant dashboard is French everywhere. This walker signs a merchant up, gives
// every page something to show, then opens every page found on disk under app/dashboard (and the
// account pages) and fails on any English UI word outside a <code> element, on any status badge or
// amount pushed off a 360 px screen, and on what screenshots() checks (axe, sideways scrolling).
test.describe.configure({ timeout: 600_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";

/**
 * English UI words that are not also French words (so "Description", "Date", "Total", "Mode",
 * "Webhooks", "Active", "application" or "Format" are absent), matched as whole words, any case.
 */
const ENGLISH_WORDS = [
  "default", "status", "amount", "amounts", "created", "pending", "succeeded", "successful", "failed", "refunded", "refund", "refunds",
  "cancel", "cancelled", "canceled", "save", "saved", "delete", "deleted", "edit", "search", "loading", "copy", "copied", "settings",
  "payment", "payments", "withdrawal", "withdrawals", "customer", "customers", "reference", "automatic", "manual", "submit", "back",
  "next", "previous", "show", "hide", "download", "upload", "filter", "filters", "apply", "enabled", "disabled", "enable", "disable",
  "yes", "none", "available", "fee", "fees", "name", "phone", "live", "sandbox", "dashboard", "login", "logout", "sign",
  "account", "team", "members", "member", "owner", "developer", "developers", "viewer", "key", "keys", "events", "event",
  "deliveries", "delivery", "delivered", "retry", "request", "requests", "response", "home", "help", "details", "view", "paid",
  "unpaid", "expired", "approved", "rejected", "completed", "processing", "awaiting", "link", "links", "subscription", "subscriptions",
  "subscriber", "subscribers", "weekly", "monthly", "interval", "orders", "order", "buyer", "courier", "send", "remove",
  "add", "create", "new", "update", "updated", "error", "errors", "warning", "please", "select", "choose", "optional", "required",
  "endpoint", "endpoints", "signing", "security", "invoice", "statement", "merchant", "provider", "operator", "token", "ready",
  "open", "closed", "since", "more", "less", "than", "not", "all", "off", "your", "the", "and", "with", "this", "from", "you",
  "of", "for", "by", "per", "is", "are", "to",
];
/** API values: allowed only inside <code>, matched as written (upper case). */
const API_VALUES = [
  "PENDING", "SUCCESS", "FAILED", "CREATED", "REFUNDED", "CANCELLED", "EXPIRED", "COMPLETED", "APPROVED", "REJECTED", "PAID_HELD",
  "RELEASED", "DISPUTED", "ACTIVE", "PAST_DUE", "INACTIVE", "MONTHLY", "WEEKLY", "OPERATOR_MONEY", "READY", "CREDITED", "PROCESSING",
];
// Word edges by Unicode letters: "téléphone" holds no "phone", "signé" no "sign".
const englishWord = new RegExp(`(?<![\\p{L}\\p{N}_])(${ENGLISH_WORDS.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
const apiValue = new RegExp(`(?<![A-Za-z_])(${API_VALUES.join("|")})(?![A-Za-z_])`);

/** What a reader sees or hears on the page, outside <code>/<pre>/<kbd>/<samp>: text nodes, labelling attributes and the title. */
async function readableStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = new Set(["CODE", "PRE", "KBD", "SAMP", "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
    const inCode = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) if (skip.has(e.tagName)) return true;
      return false;
    };
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !inCode(n.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-description], [aria-roledescription], [aria-valuetext], input[type=submit], input[type=button]")) {
      if (inCode(el)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription", "aria-valuetext"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
      if (el instanceof HTMLInputElement && (el.type === "submit" || el.type === "button") && el.value) out.push(el.value);
    }
    return out;
  });
}

/** Addresses, e-mails, paths and prefixed identifiers (txn_…, sk_test_…) are data, not copy. */
const withoutData = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/\S*\/\S+/g, " ")
    .replace(/\b[a-z]+_[A-Za-z0-9_]+\b/g, " ");

function englishIn(strings: string[]): string[] {
  const found = new Set<string>();
  for (const raw of strings) {
    const text = withoutData(raw);
    const word = text.match(englishWord)?.[0] ?? text.match(apiValue)?.[0];
    if (word) found.add(`«${raw.replace(/\s+/g, " ").slice(0, 140)}» (${word})`);
  }
  return [...found];
}

/** At 360 px, every status badge and every amount must sit on the screen, not in an overflow scrolled off it. */
async function offScreenAtPhoneWidth(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 740 });
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const amount = /^[+\-−]?\d{1,3}(?:[\s\u00a0\u202f]\d{3})* FCFA$/;
    const candidates = [
      ...document.querySelectorAll<HTMLElement>("span.rounded-full.text-xs"),
      ...[...document.querySelectorAll<HTMLElement>("body *")].filter((e) => e.children.length === 0 && amount.test(e.textContent?.trim() ?? "")),
    ];
    const out: string[] = [];
    for (const e of candidates) {
      const box = e.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -1 || box.right > width + 1) out.push(`«${e.textContent?.trim()}» spans ${Math.round(box.left)}–${Math.round(box.right)} px at 360 px`);
    }
    return out;
  });
}

/** Every page.tsx under `dir` (relative to the repository), as a route pattern: "/dashboard/payments/[id]". */
function routesUnder(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)page\.(tsx|ts|jsx|js)$/.test(f));
  return files
    .map((f) => {
      const segments = path.dirname(f).split(path.sep).filter((s) => s !== "." && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
      return `/${[path.basename(dir), ...segments].join("/")}`;
    })
    .sort();
}

test("the merchant dashboard speaks French on every page, with statuses and amounts on a phone's screen", async ({ page }) => {
  const email = `e2e-walker-${randomUUID().slice(0, 8)}@example.ml`;
  const receiver = await startWebhookReceiver();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const key = await signUpOnPage(page, { business: "Boutique Tout en Français", email, password: PASSWORD });
    const merchantId = await merchantIdOf(email);
    await updateMerchant(merchantId, { kyc: "approved", secureOrders: true });

    const auth = { authorization: `Bearer ${key}` };
    const v1 = async (method: "GET" | "POST", url: string, data?: unknown) => {
      const res = await page.request.fetch(url, { method, headers: { ...auth, "x-idempotency-key": `e2e-walker-${randomUUID()}` }, data });
      expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
      return (await res.json()).data;
    };

    // ── Something on every page: a webhook endpoint first, so the payments' events are delivered to it ──
    const endpoint = await v1("POST", "/v1/webhooks/endpoints", { url: receiver.url });
    const payment = (amount: number, reference: string) => ({
      amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: reference, description: "Commande de pagnes", return_url: "https://boutique.example.ml/merci",
    });
    const paid = await v1("POST", "/v1/payments", payment(80_000, "CMD-FR-1"));
    await v1("POST", `/v1/sandbox/payments/${paid.id}/simulate`, { outcome: "SUCCESS" });
    const failed = await v1("POST", "/v1/payments", payment(5_000, "CMD-FR-2"));
    await v1("POST", `/v1/sandbox/payments/${failed.id}/simulate`, { outcome: "FAILED" });
    await v1("POST", "/v1/payments", payment(2_500, "CMD-FR-3"));
    const link = await v1("POST", "/v1/payment-links", { name: "Pagne wax", amount: 7_500 });
    const invoice = await v1("POST", "/v1/invoices", { customer_phone: "+22370000001", customer_name: "Awa Traoré", lines: [{ description: "Pagne wax", quantity: 2, unit_amount: 6_250 }] });
    await v1("POST", `/v1/invoices/${invoice.id}/finalize`);
    const withdrawal = await v1("POST", "/v1/withdrawals", { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" });

    // ── Billing through its form: "35 000" is an amount, "35,5" is refused in French before any request ──
    await page.goto("/dashboard/billing");
    const plans = page.locator("#plans");
    await plans.getByLabel("Nom de la formule").fill("Panier bio");
    await plans.getByLabel("Montant par période (FCFA)").fill("35,5");
    await plans.getByRole("button", { name: "Créer la formule" }).click();
    await expect(plans.getByText("Montant illisible : écrivez-le en chiffres, sans centimes, par exemple 35 000 ou 35000 FCFA.")).toBeVisible();
    await plans.getByLabel("Montant par période (FCFA)").fill("35 000");
    await plans.getByRole("button", { name: "Créer la formule" }).click();
    await expect(page.getByTestId("plan").filter({ hasText: "Panier bio" })).toContainText("35 000 FCFA / Mensuelle");
    const plan = ((await v1("GET", "/v1/billing/plans")) as { id: string; name: string; amount: number }[]).find((p) => p.name === "Panier bio")!;
    expect(plan.amount).toBe(35_000);
    const subscription = await v1("POST", "/v1/billing/subscriptions", { plan_id: plan.id, customer_phone: "+22376000002", customer_name: "Awa Traoré" });

    // ── A secure order through its form ("12 500 FCFA" as typed), another paid through the sandbox ──
    await page.goto("/dashboard/secure-orders");
    await page.getByLabel("Montant (FCFA)").fill("12 500 FCFA");
    await page.getByLabel("Description visible par l'acheteur").fill("Robe brodée taille M");
    await page.getByLabel("Téléphone de l'acheteur").fill("76 55 44 33");
    await page.getByRole("button", { name: "Créer la commande" }).click();
    await expect(page.getByTestId("secure-order").filter({ hasText: "Robe brodée taille M" })).toContainText("12 500 FCFA");
    const held = await v1("POST", "/v1/secure-orders", { amount: 45_000, description: "Boubou bazin", customer_phone: "+22370000001" });
    await v1("POST", `/v1/sandbox/secure-orders/${held.id}/simulate-payment`, { outcome: "SUCCESS" });

    // ── A team member invited, for the team page and the audit log ──
    await page.goto("/dashboard/settings/team");
    const invited = `e2e-walker-finance-${randomUUID().slice(0, 8)}@example.ml`;
    await page.getByLabel("E-mail", { exact: true }).fill(invited);
    await page.getByLabel("Rôle", { exact: true }).selectOption("finance");
    await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
    await expect(page.getByText(/^Invitation envoyée à/)).toBeVisible();
    const invitationToken = await invitationTokenOf(invited);

    // The amount and status of this walker's own lists stay on a phone's screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/dashboard/billing");
    const sub = page.getByTestId("subscription").first();
    await expect(sub).toContainText("Actif");
    await expectWithinViewport(page, sub.getByText("Actif", { exact: true }), "a subscription's status");
    await expectWithinViewport(page, sub.getByText("35 000 FCFA"), "a subscription's amount");
    await page.goto("/dashboard/secure-orders");
    const order = page.getByTestId("secure-order").filter({ hasText: "Boubou bazin" });
    await expect(order).toContainText("Payée, fonds bloqués");
    await expectWithinViewport(page, order.getByText("Payée, fonds bloqués"), "a secure order's status");
    await expectWithinViewport(page, order.getByText("45 000 FCFA"), "a secure order's amount");

    // ── The ids a dynamic segment takes, by the folder above it ──
    const first = async (url: string): Promise<string | undefined> => {
      const res = await page.request.get(url, { headers: url.startsWith("/v1") ? auth : {} });
      if (!res.ok()) return undefined;
      return firstId((await res.json()).data);
    };
    const ids: Record<string, () => Promise<string | undefined>> = {
      payments: async () => paid.id,
      "secure-orders": async () => held.id,
      links: async () => link.id,
      invoices: async () => invoice.id,
      withdrawals: async () => withdrawal.id,
      endpoints: async () => endpoint.id,
      webhooks: async () => endpoint.id,
      plans: async () => plan.id,
      subscriptions: async () => subscription.subscription?.id ?? subscription.id,
      customers: () => first("/v1/billing/customers"),
      events: () => first("/v1/webhooks/events"),
      logs: () => first("/v1/webhooks/logs"),
      deliveries: () => first("/v1/webhooks/logs"),
      requests: () => first("/dashboard-api/developers/requests"),
      keys: () => first("/dashboard-api/developers/keys"),
      members: () => first("/dashboard-api/team"),
      team: () => first("/dashboard-api/team"),
    };
    const accountQueries: Record<string, string> = {
      "/account/invitation": `?token=${invitationToken}`,
      // Spent or unknown links: the pages' own "expired" state, in French.
      "/account/reset": "?token=lien-deja-utilise",
      "/account/verify": "?token=lien-deja-utilise",
    };

    const patterns = [...routesUnder("app/dashboard"), ...routesUnder("app/account")];
    expect(patterns, "the walker found the dashboard's pages on disk").toContain("/dashboard/payments/[id]");
    // A finding → the pages it is on, so the frame's own words are reported once, not on every page.
    const findings = new Map<string, string[]>();
    const visited: string[] = [];
    const report = (where: string, what: string) => findings.set(what, [...(findings.get(what) ?? []), where]);
    for (const pattern of patterns) {
      await test.step(pattern, async () => {
        const segments = pattern.split("/");
        const filled: string[] = [];
        for (const [i, segment] of segments.entries()) {
          if (!segment.startsWith("[")) {
            filled.push(segment);
            continue;
          }
          const id = segment.startsWith("[[") || segment.startsWith("[...") ? undefined : await ids[segments[i - 1]]?.();
          if (!id) {
            report(pattern, `the walker cannot fill ${segment} (add its id to the walker's table in e2e/dashboard-french.spec.ts)`);
            return;
          }
          filled.push(encodeURIComponent(id));
        }
        const url = filled.join("/") + (accountQueries[pattern] ?? "");
        await page.setViewportSize({ width: 360, height: 740 });
        const response = await page.goto(url);
        if (response?.status() !== 200) {
          report(url, `answered ${response?.status()}`);
          return;
        }
        visited.push(url);
        await page.waitForLoadState("networkidle").catch(() => {});
        await expect(page.getByText(/^Chargement/)).toHaveCount(0, { timeout: 15_000 }).catch(() => {});
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang !== "fr") report(url, `<html lang="${lang}">`);
        for (const found of englishIn(await readableStrings(page))) report(url, `English ${found}`);
        for (const off of await offScreenAtPhoneWidth(page)) report(url, off);
        try {
          await screenshots(page, `walker${pattern.replace(/[^a-z0-9]+/gi, "-")}`);
        } catch (error) {
          report(url, (error as Error).message.split("\n").slice(0, 6).join(" "));
        }
      });
    }

    const dashboardPages = visited.filter((u) => u.startsWith("/dashboard"));
    const pagesOf = (where: string[]) =>
      dashboardPages.length > 1 && dashboardPages.every((u) => where.includes(u))
        ? ["every dashboard page", ...where.filter((u) => !u.startsWith("/dashboard"))].join(", ")
        : where.join(", ");
    const problems = [...findings].map(([what, where]) => `${pagesOf(where)}: ${what}`).sort();
    console.log(`Walker visited ${visited.length} pages: ${visited.join(" ")}`);
    console.log(problems.length ? `Walker findings:\n${problems.join("\n")}` : "Walker: every page in French.");
    expect(problems, `pages with English words or a layout problem (${problems.length})`).toEqual([]);
  } finally {
    await receiver.close();
  }
});

/** The first `id` in a list answer, whatever its wrapping ({data: [...]}, {requests: [...]}, [...]). */
function firstId(data: unknown): string | undefined {
  if (Array.isArray(data)) return data.map(firstId).find(Boolean);
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.id === "string") return record.id;
    for (const value of Object.values(record)) if (Array.isArray(value)) return firstId(value);
  }
  return undefined;
}

/** The token of the newest invitation mailed to an address, read from the outbox the way the mail job would. */
async function invitationTokenOf(to: string): Promise<string> {
  // Unnamed statements: the embedded server does not keep prepared ones between clients.
  const sql = postgres(suiteDatabaseUrl(), { max: 1, prepare: false, onnotice: () => {} });
  try {
    const rows = await sql<{ text: string }[]>`select text from mail_outbox where "to" = ${to} and template = 'invitation' order by created_at desc limit 1`;
    const token = rows[0]?.text.match(/\/account\/invitation\?token=(\S+)/)?.[1];
    if (!token) throw new Error(`no invitation mail to ${to}`);
    return token;
  } finally {
    await sql.end();
  }
}
