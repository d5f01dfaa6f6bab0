import type { Page } from "@playwright/test";

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
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
