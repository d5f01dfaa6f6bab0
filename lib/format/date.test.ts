import { describe, expect, it } from "vitest";
import { formatBamako, formatDate, formatDay, toUtcIso } from "./date";

describe("formatBamako", () => {
  it("formats in French with the abbreviated month", () => {
    expect(formatBamako(new Date("2026-11-21T14:05:00Z"), "fr")).toBe("21 nov. 2026, 14:05");
  });

  it("formats in English with a 24-hour clock", () => {
    expect(formatBamako(new Date("2026-11-21T14:05:00Z"), "en")).toBe("21 Nov 2026, 14:05");
  });

  it("converts an instant given with another offset to Bamako time", () => {
    // 23:30 in Paris (UTC+1 in winter) is 22:30 in Bamako.
    expect(formatBamako("2026-01-31T23:30:00+01:00", "fr")).toBe("31 janv. 2026, 22:30");
  });

  it("rolls over to the next day in Bamako when the offset crosses midnight", () => {
    expect(formatBamako("2026-12-31T20:15:00-05:00", "en")).toBe("1 Jan 2027, 01:15");
  });

  it("pads hours and minutes and uses 00 for midnight", () => {
    expect(formatBamako("2026-08-05T00:07:00Z", "fr")).toBe("5 août 2026, 00:07");
  });

  it("names every month in each language", () => {
    const fr = Array.from({ length: 12 }, (_, m) => formatBamako(new Date(Date.UTC(2026, m, 10, 12)), "fr").split(" ")[1]);
    expect(fr).toEqual(["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]);
    const en = Array.from({ length: 12 }, (_, m) => formatBamako(new Date(Date.UTC(2026, m, 10, 12)), "en").split(" ")[1]);
    expect(en).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
  });

  it("refuses an unparseable date instead of printing 'Invalid Date'", () => {
    expect(() => formatBamako("not a date", "fr")).toThrow(RangeError);
  });
});

describe("toUtcIso", () => {
  it("normalises any offset to UTC with a Z suffix", () => {
    expect(toUtcIso("2026-11-21T15:05:00+01:00")).toBe("2026-11-21T14:05:00.000Z");
  });

  it("accepts a Date", () => {
    expect(toUtcIso(new Date(Date.UTC(2026, 10, 21, 14, 5)))).toBe("2026-11-21T14:05:00.000Z");
  });

  it("refuses an unparseable date", () => {
    expect(() => toUtcIso("")).toThrow(RangeError);
  });
});

describe("formatDay", () => {
  it("names the day and month in each language", () => {
    expect(formatDay("2026-11-01", "fr")).toBe("1 nov.");
    expect(formatDay("2026-02-28", "en")).toBe("28 Feb");
  });

  it("refuses anything but YYYY-MM-DD", () => {
    expect(() => formatDay("2026-11-1", "fr")).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it("shows a calendar day with its year, as a due date", () => {
    expect(formatDate("2026-12-04", "fr")).toBe("4 déc. 2026");
    expect(formatDate("2027-01-31", "en")).toBe("31 Jan 2027");
    expect(() => formatDate("2026-12", "fr")).toThrow(RangeError);
  });
});
