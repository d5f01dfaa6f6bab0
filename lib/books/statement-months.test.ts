import { describe, expect, it } from "vitest";
import { statementMonths, statementRange } from "./statement-months";

const at = (iso: string) => new Date(iso);
const values = (createdAt: string, now: string) => statementMonths(at(createdAt), at(now), "fr").map((m) => m.value);

describe("statementMonths", () => {
  it("offers only the current month, to date, to an account created today", () => {
    const months = statementMonths(at("2026-11-27T09:00:00Z"), at("2026-11-27T09:30:00Z"), "fr");
    expect(months).toEqual([{ value: "2026-11", label: "Novembre 2026", current: true }]);
  });

  it("includes the creation month when the account was created on its first instant", () => {
    expect(values("2026-09-01T00:00:00Z", "2026-11-15T12:00:00Z")).toEqual(["2026-11", "2026-10", "2026-09"]);
  });

  it("includes the creation month when the account was created on its last instant, and not the month before", () => {
    expect(values("2026-09-30T23:59:59Z", "2026-11-15T12:00:00Z")).toEqual(["2026-11", "2026-10", "2026-09"]);
  });

  it("on the first instant of a month, offers that new month first (Bamako midnight is UTC midnight)", () => {
    expect(values("2026-01-10T00:00:00Z", "2026-12-01T00:00:00Z")[0]).toBe("2026-12");
    expect(values("2026-01-10T00:00:00Z", "2026-11-30T23:59:59Z")[0]).toBe("2026-11");
  });

  it("crosses a year and stops at the count for an old account", () => {
    const months = values("2020-05-05T00:00:00Z", "2027-01-03T08:00:00Z");
    expect(months).toHaveLength(13);
    expect(months.slice(0, 3)).toEqual(["2027-01", "2026-12", "2026-11"]);
    expect(months.at(-1)).toBe("2026-01");
  });

  it("labels months in English too", () => {
    expect(statementMonths(at("2026-11-01T00:00:00Z"), at("2026-11-02T00:00:00Z"), "en")[0].label).toBe("November 2026");
  });
});

describe("statementRange", () => {
  it("covers a finished month whole", () => {
    expect(statementRange("2026-10", at("2026-11-27T09:30:00Z"))).toEqual({ from: "2026-10-01T00:00:00.000Z", to: "2026-11-01T00:00:00.000Z" });
  });

  it("covers the running month up to now", () => {
    expect(statementRange("2026-11", at("2026-11-27T09:30:00Z"))).toEqual({ from: "2026-11-01T00:00:00.000Z", to: "2026-11-27T09:30:00.000Z" });
  });

  it("covers December up to the new year", () => {
    expect(statementRange("2026-12", at("2027-02-01T00:00:00Z"))).toEqual({ from: "2026-12-01T00:00:00.000Z", to: "2027-01-01T00:00:00.000Z" });
  });
});
