import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { atFullSpeed } from "./throttle";

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await atFullSpeed(page, () => new AxeBuilder({ page }).analyze());
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * The screenshots are for a person reviewing the pages, never an assertion. CI (CI set) skips them
 * unless E2E_SCREENSHOTS=1: a full-page capture took a second or more on the 2-core CI machine,
 * a few hundred per run, and nobody reads a green run's test-results/. A local run keeps them.
 */
export const keepScreenshots = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !process.env.CI;

/**
 * Full-page screenshots at phone and desktop width into the test output (test-results/), with
 * axe at both widths and no sideways scrolling at 360 px (naming the elements that stick out).
 */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    if (width === 360) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const culprits =
        overflow > 0
          ? await page.evaluate(() =>
              [...document.querySelectorAll("body *")]
                .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .slice(-5)
                .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
            )
          : [];
      expect(overflow, `${name} scrolls sideways at 360 px: ${culprits.join(" | ")}`).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
    if (keepScreenshots) await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The element is on screen without scrolling sideways: a table's status or amount at 360 px. */
export async function expectWithinViewport(page: Page, locator: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends within ${width} px`).toBeLessThanOrEqual(width + 1);
}
