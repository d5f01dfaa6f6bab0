import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "./api";
import { routesFrom, routeTakes, sessionEvents } from "./commands/listen";
import { formatDuration, parseDuration } from "./duration";
import { applyOverride, parseOverride, parseValue } from "./overrides";
import { bodyWith, RECIPES } from "./triggers";
import type { Token } from "./command";

const tokens = (args: string[]) =>
  parseArgs({ args, options: { "forward-to": { type: "string", multiple: true }, events: { type: "string", multiple: true } }, strict: true, tokens: true }).tokens as Token[];

describe("listen's routes", () => {
  it("pairs each --forward-to with the --events after it; one without takes everything", () => {
    const routes = routesFrom(tokens(["--forward-to", "http://a/x", "--events", "payment.success,payment.failed", "--forward-to", "http://b/y", "--forward-to", "http://c/z", "--events", "invoice.*", "--events", "report.ready"]));
    expect(routes).toEqual([
      { url: "http://a/x", events: ["payment.success", "payment.failed"] },
      { url: "http://b/y", events: null },
      { url: "http://c/z", events: ["invoice.*", "report.ready"] },
    ]);
    expect(routeTakes(routes[0], "payment.failed")).toBe(true);
    expect(routeTakes(routes[0], "payment.expired")).toBe(false);
    expect(routeTakes(routes[1], "anything")).toBe(true);
    expect(routeTakes(routes[2], "invoice.paid")).toBe(true);
    expect(routeTakes(routes[2], "invoices.x")).toBe(false);
  });

  it("asks the session for the union of the routes' types, or for everything when a route takes all or a family", () => {
    expect(sessionEvents(routesFrom(tokens(["--forward-to", "http://a", "--events", "a.b", "--forward-to", "http://b", "--events", "a.b,c.d"])))).toEqual(["a.b", "c.d"]);
    expect(sessionEvents(routesFrom(tokens(["--forward-to", "http://a", "--events", "a.b", "--forward-to", "http://b"])))).toBeUndefined();
    expect(sessionEvents(routesFrom(tokens(["--forward-to", "http://a", "--events", "payment.*"])))).toBeUndefined();
  });

  it("refuses --events before any --forward-to, an empty list and a URL that is not http(s)", () => {
    expect(() => routesFrom(tokens(["--events", "a.b", "--forward-to", "http://a"]))).toThrow(/goes after the --forward-to/);
    expect(() => routesFrom(tokens(["--forward-to", "http://a", "--events", ","]))).toThrow(/comma-separated/);
    expect(() => routesFrom(tokens(["--forward-to", "localhost:4242"]))).toThrow(/http/);
    expect(() => routesFrom(tokens(["--forward-to", "nope"]))).toThrow(/not a URL/);
  });
});

describe("durations", () => {
  it.for([
    ["90s", 90],
    ["30m", 1_800],
    ["2h", 7_200],
    ["3d", 259_200],
    ["1w", 604_800],
    ["1h30m", 5_400],
    ["45", 45],
    [" 2H ", 7_200],
  ] as const)("%s is %i seconds", ([text, seconds]) => expect(parseDuration(text)).toBe(seconds));

  it.for(["", "2 h", "h", "1.5h", "-3d", "3y", "1h-"])("%j is not a duration", (text) => expect(parseDuration(text)).toBeNull());

  it("says a duration back in units", () => {
    expect(formatDuration(93_784)).toBe("1d 2h 3m 4s");
    expect(formatDuration(0)).toBe("0s");
  });
});

describe("--set", () => {
  it("parses numbers as numbers but keeps phones and leading zeros as typed", () => {
    expect([parseValue("2500"), parseValue("-1.5"), parseValue("+22370000001"), parseValue("007"), parseValue("true"), parseValue("null"), parseValue('{"a":1}'), parseValue("A-1")]).toEqual([2500, -1.5, "+22370000001", "007", true, null, { a: 1 }, "A-1"]);
    expect(() => parseValue("{nope")).toThrow(/not valid JSON/);
  });

  it("writes dotted paths into a copy, creating objects on the way", () => {
    const base = { amount: 5000, metadata: { a: 1 } };
    expect(applyOverride(base, parseOverride("metadata.order=42"))).toEqual({ amount: 5000, metadata: { a: 1, order: 42 } });
    expect(applyOverride(base, parseOverride("x.y.z=1"))).toMatchObject({ x: { y: { z: 1 } } });
    expect(base).toEqual({ amount: 5000, metadata: { a: 1 } });
  });

  it("refuses what is not field=value, and prototype keys", () => {
    for (const bad of ["amount", "=1", "a..b=1", "__proto__.x=1"]) expect(() => parseOverride(bad), bad).toThrow();
  });

  it("routes the short names: phone is customer_phone, a subscription's amount is its plan's, a withdrawal's phone is phone_number", () => {
    const overrides = ["amount=3000", "phone=+22370000009", "metadata.k=v"].map(parseOverride);
    const sub = RECIPES["subscription.created"];
    expect(bodyWith(sub, overrides, "plan", { amount: 5000 })).toEqual({ amount: 3000 });
    expect(bodyWith(sub, overrides, "subscription", { plan_id: "p" })).toEqual({ plan_id: "p", customer_phone: "+22370000009", metadata: { k: "v" } });
    expect(bodyWith(RECIPES["withdrawal.requested"], overrides, "withdrawal", {})).toEqual({ amount: 3000, phone_number: "+22370000009", metadata: { k: "v" } });
  });
});

describe("configuration", () => {
  it("takes the flags first, then CAURI_API_KEY / CAURI_BASE_URL, then the quick start's CAURI_KEY / CAURI_URL", () => {
    const env = { CAURI_API_KEY: "sk_test_a", CAURI_BASE_URL: "http://a.test", CAURI_KEY: "sk_test_b", CAURI_URL: "http://b.test" };
    expect(resolveConfig({ "api-key": "sk_test_f", "base-url": "http://f.test/" }, env)).toEqual({ apiKey: "sk_test_f", baseUrl: "http://f.test" });
    expect(resolveConfig({}, env)).toEqual({ apiKey: "sk_test_a", baseUrl: "http://a.test" });
    expect(resolveConfig({}, { CAURI_KEY: "sk_test_b", CAURI_URL: "http://b.test" })).toEqual({ apiKey: "sk_test_b", baseUrl: "http://b.test" });
    expect(resolveConfig({}, {})).toEqual({ apiKey: undefined, baseUrl: "http://localhost:3000" });
  });
});
