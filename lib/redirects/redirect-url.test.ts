import { afterEach, describe, expect, it, vi } from "vitest";
import { isOwnRedirectHost, normalizeRedirectUrl, ownRedirectHosts, redirectUrl } from "./redirect-url";

afterEach(() => {
  vi.unstubAllEnvs();
});

const OWN = ["pay.cauri.example", "cauri.example", "xn--cauri-fsa.example"];

describe("the redirect URL rule", () => {
  it.each([
    // normalised: case, trailing dot(s), IDN → punycode, default port, empty path, spaces in the path
    ["https://Example.COM./a", "https://example.com/a"],
    ["https://example.com../a", "https://example.com/a"],
    ["https://example.com", "https://example.com/"],
    ["HTTPS://Shop.Example.ML:443/merci?x=1#top", "https://shop.example.ml/merci?x=1#top"],
    ["https://shop.example.ml:8443/merci", "https://shop.example.ml:8443/merci"],
    ["https://BÜCHER.example/ä", "https://xn--bcher-kva.example/%C3%A4"],
    ["https://example\u3002com/", "https://example.com/"],
    ["https://example.com/a b", "https://example.com/a%20b"],
    ["https://8.8.8.8/x", "https://8.8.8.8/x"],
    ["https://[2606:4700:4700::1111]/x", "https://[2606:4700:4700::1111]/x"],
    // a host that merely contains ours is not ours
    ["https://notcauri.example/", "https://notcauri.example/"],
    ["https://cauri.example.evil.example/", "https://cauri.example.evil.example/"],
  ])("accepts %j, stored as %j", (input, stored) => {
    expect(normalizeRedirectUrl(input, OWN)).toEqual({ ok: true, url: stored });
  });

  it.each([
    // control characters and surrounding whitespace are refused, never trimmed
    ["https://example.com/\r\nx", /control character/],
    ["https://example.com/\nSet-Cookie: a=b", /control character/],
    ["https://example.com/\tx", /control character/],
    ["https://exa\u0000mple.com/", /control character/],
    ["https://example.com/\u007f", /control character/],
    ["https://example.com/\u0085", /control character/],
    [" https://example.com", /whitespace/],
    ["https://example.com/ ", /whitespace/],
    ["\u00a0https://example.com/", /whitespace/],
    ["https://example.com/\u2028", /whitespace/],
    // not a URL, not HTTPS
    ["", /not a valid URL/],
    ["example.com/merci", /not a valid URL/],
    ["http://example.com", /https/],
    ["javascript:alert(1)", /https/],
    ["data:text/html,hi", /https/],
    ["//example.com/x", /not a valid URL/],
    ["ftp://example.com/", /https/],
    // credentials
    ["https://pay.cauri.example@evil.example/", /user name or password/],
    ["https://user:pw@example.com/", /user name or password/],
    // no host worth the name
    ["https://./", /no valid host/],
    ["https://a..b/", /no valid host/],
    // localhost, in every spelling
    ["https://localhost/x", /localhost/],
    ["https://LOCALHOST./x", /localhost/],
    ["https://localhost.:3000/x", /localhost/],
    ["https://api.localhost/", /localhost/],
    ["https://%6cocalhost/", /localhost/],
    // loopback, private, link-local, IPv4-mapped literals
    ["https://127.0.0.1/", /loopback, private/],
    ["https://0x7f.1/", /loopback, private/],
    ["https://2130706433/", /loopback, private/],
    ["https://10.0.0.1/", /loopback, private/],
    ["https://169.254.169.254/", /loopback, private/],
    ["https://[::1]/", /loopback, private/],
    ["https://[::ffff:127.0.0.1]/", /loopback, private/],
    ["https://[::ffff:0:7f00:1]/", /loopback, private/],
    ["https://[fe80::1]/", /loopback, private/],
    // our own domains and their subdomains, in every spelling
    ["https://pay.cauri.example/merci", /own domain/],
    ["https://PAY.CAURI.EXAMPLE./merci", /own domain/],
    ["https://cauri.example/", /own domain/],
    ["https://checkout.cauri.example:8443/", /own domain/],
    ["https://xn--cauri-fsa.example/", /own domain/],
    ["https://caurié.example/", /own domain/],
    ["https://x.CAURIÉ.example./", /own domain/],
  ])("refuses %j", (input, reason) => {
    const result = normalizeRedirectUrl(input, OWN);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it("refuses more than 2048 characters, before and after normalisation", () => {
    expect(normalizeRedirectUrl(`https://example.com/${"a".repeat(2028)}`, OWN)).toMatchObject({ ok: true });
    expect(normalizeRedirectUrl(`https://example.com/${"a".repeat(2029)}`, OWN)).toMatchObject({ ok: false, reason: expect.stringMatching(/2048/) });
    // 683 × "é" is 703 characters as sent, 4118 once percent-encoded.
    expect(normalizeRedirectUrl(`https://example.com/${"é".repeat(683)}`, OWN)).toMatchObject({ ok: false, reason: expect.stringMatching(/once normalised/) });
  });
});

describe("our own hosts", () => {
  it("are CAURI_PUBLIC_URL's host and every CAURI_OWN_DOMAINS entry, normalised", () => {
    vi.stubEnv("CAURI_PUBLIC_URL", "https://Pay.Cauri.ML./");
    vi.stubEnv("CAURI_OWN_DOMAINS", " cauri.ml. , https://Admin.Cauri.Example:8443/x ,caurié.example,,");
    expect(ownRedirectHosts().sort()).toEqual(["admin.cauri.example", "cauri.ml", "pay.cauri.ml", "xn--cauri-fsa.example"]);
    expect(isOwnRedirectHost("docs.cauri.ml")).toBe(true);
    expect(isOwnRedirectHost("cauri.ml.evil.example")).toBe(false);
    expect(normalizeRedirectUrl("https://CAURI.ML./x")).toMatchObject({ ok: false, reason: expect.stringMatching(/own domain/) });
    expect(normalizeRedirectUrl("https://localhost/x")).toMatchObject({ ok: false, reason: expect.stringMatching(/localhost/) });
  });
});

describe("the zod form", () => {
  it("outputs the normalised URL and reports the reason", () => {
    vi.stubEnv("CAURI_PUBLIC_URL", "https://pay.cauri.ml");
    expect(redirectUrl.parse("https://Shop.Example.ML./merci")).toBe("https://shop.example.ml/merci");
    const refused = redirectUrl.safeParse("https://pay.cauri.ml/x");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toMatch(/own domain/);
    expect(redirectUrl.safeParse("x".repeat(2049)).success).toBe(false);
    expect(redirectUrl.safeParse(42).success).toBe(false);
  });
});
