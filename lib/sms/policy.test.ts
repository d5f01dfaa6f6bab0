import { describe, expect, it } from "vitest";
import { inQuietHours, nextSmsRetryDelayMs, releaseTime, smsPolicy } from "./policy";

const quiet = { start: 21, end: 7 };
// Bamako is on UTC all year.
const at = (iso: string) => new Date(iso);

describe("quiet hours (21-7, Bamako time)", () => {
  it("starts at 21:00:00 and ends at 06:59:59", () => {
    expect(inQuietHours(at("2026-11-27T20:59:59Z"), quiet)).toBe(false);
    expect(inQuietHours(at("2026-11-27T21:00:00Z"), quiet)).toBe(true);
    expect(inQuietHours(at("2026-11-28T06:59:59Z"), quiet)).toBe(true);
    expect(inQuietHours(at("2026-11-28T07:00:00Z"), quiet)).toBe(false);
  });
  it("holds a message until 07:00 the next morning, unless the customer is waiting for it", () => {
    expect(releaseTime(at("2026-11-27T22:30:00Z"), quiet, false)).toEqual(at("2026-11-28T07:00:00Z"));
    expect(releaseTime(at("2026-11-28T03:15:20Z"), quiet, false)).toEqual(at("2026-11-28T07:00:00Z"));
    expect(releaseTime(at("2026-11-27T22:30:00Z"), quiet, true)).toEqual(at("2026-11-27T22:30:00Z"));
    expect(releaseTime(at("2026-11-27T12:00:00Z"), quiet, false)).toEqual(at("2026-11-27T12:00:00Z"));
  });
  it("reads SMS_QUIET_HOURS and SMS_DAILY_CAP, refusing what it cannot read", () => {
    expect(smsPolicy({}).quietHours).toEqual(quiet);
    expect(smsPolicy({ SMS_QUIET_HOURS: "off" }).quietHours).toEqual({ start: 0, end: 0 });
    expect(inQuietHours(at("2026-11-27T23:00:00Z"), smsPolicy({ SMS_QUIET_HOURS: "off" }).quietHours)).toBe(false);
    expect(smsPolicy({ SMS_QUIET_HOURS: "22-6" }).quietHours).toEqual({ start: 22, end: 6 });
    expect(() => smsPolicy({ SMS_QUIET_HOURS: "21-24" })).toThrow(/SMS_QUIET_HOURS/);
    expect(smsPolicy({}).dailyCap).toBe(5);
    expect(smsPolicy({ SMS_DAILY_CAP: "1" }).dailyCap).toBe(1);
    expect(smsPolicy({ SMS_DAILY_CAP: "100" }).dailyCap).toBe(100);
    expect(() => smsPolicy({ SMS_DAILY_CAP: "0" })).toThrow(/SMS_DAILY_CAP/);
    expect(() => smsPolicy({ SMS_DAILY_CAP: "101" })).toThrow(/SMS_DAILY_CAP/);
  });
  it("retries four times, then gives up", () => {
    const policy = smsPolicy({});
    expect([1, 2, 3, 4, 5].map((n) => nextSmsRetryDelayMs(policy, n))).toEqual([60_000, 300_000, 1_800_000, 7_200_000, null]);
  });
});
