import type { CDPSession, Page } from "@playwright/test";

const SLOW_CPU_RATE = 4;

/** The DevTools session of each page slowed by asSlowPhone, for the checks that run beside it. */
const throttled = new WeakMap<Page, CDPSession>();

/**
 * The phone the issues test on: 360×740, a 400 ms / 400 kbit/s network and a CPU four times
 * slower, through the Chrome DevTools Protocol (Chromium only). Call before the first navigation.
 */
export async function asSlowPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const bytesPerSecond = (400 * 1024) / 8;
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_CPU_RATE });
  throttled.set(page, cdp);
}

/**
 * Runs a check of the test's own (axe, a measurement) at the machine's full speed, then slows the
 * phone again: the slow CPU is the customer's, and axe on it took seconds per page, which on a
 * busy CI machine pushed a slow-phone test past its timeout without telling anything about the page.
 */
export async function atFullSpeed<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const cdp = throttled.get(page);
  if (!cdp) return check();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  try {
    return await check();
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_CPU_RATE });
  }
}
