import { describe, expect, it } from "vitest";
import { nextPeriodStart, retryAt, RETRY_DELAYS_DAYS } from "./periods";

const chain = (start: string, n: number, anchor = new Date(start).getUTCDate()) => {
  const out: string[] = [];
  let at = new Date(start);
  for (let i = 0; i < n; i++) {
    at = nextPeriodStart(at, "MONTHLY", anchor);
    out.push(at.toISOString());
  }
  return out;
};

describe("nextPeriodStart", () => {
  it("WEEKLY adds exactly 7 days", () => {
    expect(nextPeriodStart(new Date("2026-12-29T08:30:00.000Z"), "WEEKLY", 29).toISOString()).toBe("2027-01-05T08:30:00.000Z");
  });

  it("MONTHLY keeps the anchor day and clamps to short months: Jan 31 → Feb 28 → Mar 31 → Apr 30", () => {
    expect(chain("2027-01-31T10:15:30.250Z", 4)).toEqual(["2027-02-28T10:15:30.250Z", "2027-03-31T10:15:30.250Z", "2027-04-30T10:15:30.250Z", "2027-05-31T10:15:30.250Z"]);
  });

  it("MONTHLY lands on Feb 29 in a leap year, and anchors 29 and 30 clamp the same way", () => {
    expect(chain("2028-01-31T00:00:00.000Z", 2)).toEqual(["2028-02-29T00:00:00.000Z", "2028-03-31T00:00:00.000Z"]);
    expect(chain("2027-01-30T00:00:00.000Z", 2)).toEqual(["2027-02-28T00:00:00.000Z", "2027-03-30T00:00:00.000Z"]);
    expect(chain("2027-01-29T00:00:00.000Z", 2)).toEqual(["2027-02-28T00:00:00.000Z", "2027-03-29T00:00:00.000Z"]);
  });

  it("MONTHLY crosses the year and keeps ordinary days", () => {
    expect(chain("2026-12-31T23:59:59.000Z", 2)).toEqual(["2027-01-31T23:59:59.000Z", "2027-02-28T23:59:59.000Z"]);
    expect(chain("2026-11-15T12:00:00.000Z", 2)).toEqual(["2026-12-15T12:00:00.000Z", "2027-01-15T12:00:00.000Z"]);
  });
});

describe("retryAt", () => {
  it("retries 1, 3 and 5 days after the first failure, then gives up", () => {
    expect(RETRY_DELAYS_DAYS).toEqual([1, 3, 5]);
    const first = new Date("2027-03-01T09:00:00.000Z");
    expect([1, 2, 3].map((n) => retryAt(first, n)!.toISOString())).toEqual(["2027-03-02T09:00:00.000Z", "2027-03-04T09:00:00.000Z", "2027-03-06T09:00:00.000Z"]);
    expect(retryAt(first, 4)).toBeNull();
  });
});
