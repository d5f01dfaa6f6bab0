import type { BrowserContext } from "@playwright/test";

let customers = 0;

/**
 * Gives the test's browser a client address of its own (X-Forwarded-For, trusted by the suite's
 * server: CAURI_TRUSTED_PROXIES=1 in playwright.config.ts). The public pages' per-IP limits (20 taps
 * on Payer a minute) are meant for one customer's phone; without this, every checkout test of the
 * suite shares 127.0.0.1 and a fast run trips a limit no real customer would.
 */
export async function asOwnCustomer(context: BrowserContext): Promise<void> {
  customers += 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.${100 + Math.floor(customers / 250)}.${(customers % 250) + 1}` });
}
