import { describe, expect, it } from "vitest";
import { blockedAddressReason, connectLookup, embeddedIpv4, ipv6Bytes, type Resolver } from "./targets";

const hex = (address: string) => Buffer.from(ipv6Bytes(address)!).toString("hex");

describe("ipv6Bytes", () => {
  it.each([
    ["::", "00000000000000000000000000000000"],
    ["::1", "00000000000000000000000000000001"],
    ["::ffff:127.0.0.1", "00000000000000000000ffff7f000001"],
    ["::ffff:0:7f00:1", "0000000000000000ffff00007f000001"],
    ["64:ff9b::192.0.2.33", "0064ff9b0000000000000000c0000221"],
    ["2001:DB8::8:800:200C:417A", "20010db80000000000080800200c417a"],
    ["fe80::1%eth0", "fe800000000000000000000000000001"],
    ["1:2:3:4:5:6:7:8", "00010002000300040005000600070008"],
  ])("%s", (address, bytes) => {
    expect(hex(address)).toBe(bytes);
  });

  it("is null for anything else", () => {
    for (const text of ["127.0.0.1", "example.com", "1::2::3", "", "::ffff:999.0.0.1"]) expect(ipv6Bytes(text)).toBeNull();
  });
});

describe("IPv4 carried inside IPv6 is judged on the IPv4 address", () => {
  // Every form an IPv6 address can carry (or be translated to) an IPv4 address in.
  it.each([
    // IPv4-mapped ::ffff:0:0/96, dotted and hex
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::ffff:7f00:1", "127.0.0.1"],
    ["::ffff:10.0.0.1", "10.0.0.1"],
    ["::ffff:a9fe:a9fe", "169.254.169.254"],
    ["0:0:0:0:0:ffff:c0a8:101", "192.168.1.1"],
    // IPv4-translated ::ffff:0:0:0/96 (SIIT), the example
    ["::ffff:0:7f00:1", "127.0.0.1"],
    ["::ffff:0:127.0.0.1", "127.0.0.1"],
    ["::ffff:0:a9fe:a9fe", "169.254.169.254"],
    // NAT64 well-known prefix 64:ff9b::/96
    ["64:ff9b::7f00:1", "127.0.0.1"],
    ["64:ff9b::10.1.2.3", "10.1.2.3"],
    ["64:ff9b::a9fe:a9fe", "169.254.169.254"],
    // IPv4-compatible ::/96 (deprecated)
    ["::127.0.0.1", "127.0.0.1"],
    ["::7f00:1", "127.0.0.1"],
    ["::192.168.0.1", "192.168.0.1"],
    // 6to4 2002::/16: the IPv4 address in bits 16–47
    ["2002:7f00:1::", "127.0.0.1"],
    ["2002:a00:1::1", "10.0.0.1"],
    ["2002:a9fe:a9fe:1:2:3:4:5", "169.254.169.254"],
    // Teredo 2001::/32: the client, inverted, in the last 32 bits
    ["2001:0:808:808::80ff:fffe", "127.0.0.1"],
    ["2001:0:808:808:0:0:f5ff:fffe", "10.0.0.1"],
    // Teredo: a private or documentation server in bits 32–63
    ["2001:0:a00:1::f7f7:f7f7", "10.0.0.1"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "192.0.2.45"],
  ])("refuses %s (carries %s)", (address, v4) => {
    expect(embeddedIpv4(address)).toContain(v4);
    expect(blockedAddressReason(address)).toBe(`${address} is a loopback, private, link-local or reserved address (it carries the IPv4 address ${v4})`);
  });

  it("refuses the whole local-use NAT64 prefix 64:ff9b:1::/48 (its IPv4 position is the operator's choice)", () => {
    for (const address of ["64:ff9b:1::7f00:1", "64:ff9b:1::808:808", "64:ff9b:1:ffff::1"]) {
      expect(embeddedIpv4(address)).toBe("opaque");
      expect(blockedAddressReason(address)).toMatch(/loopback, private, link-local or reserved address \(a local-use IPv4\/IPv6 translation prefix\)$/);
    }
  });

  it.each(["::ffff:8.8.8.8", "::ffff:808:808", "::ffff:0:8.8.8.8", "64:ff9b::8.8.8.8", "::8.8.8.8", "2002:808:808::1", "2001:0:808:808::f7f7:f7f7"])(
    "allows %s, which carries only the public 8.8.8.8",
    (address) => {
      expect(embeddedIpv4(address)).toContain("8.8.8.8");
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it("still refuses native loopback, unspecified, link-local, unique-local, multicast and documentation IPv6", () => {
    for (const address of ["::", "::1", "fe80::1", "fe80::1%eth0", "fc00::1", "fd00:ec2::254", "ff02::1", "2001:db8::1", "3fff::1", "100::1", "2001:2::1"]) {
      expect(blockedAddressReason(address), address).toBe(`${address} is a loopback, private, link-local or reserved address`);
    }
    expect(blockedAddressReason("2606:4700:4700::1111")).toBeNull();
    expect(embeddedIpv4("2606:4700:4700::1111")).toBeNull();
  });
});

describe("connectLookup (the check at delivery time, on the addresses actually connected to)", () => {
  const ask = (resolver: Resolver, allowPrivate = false) =>
    new Promise<unknown>((resolve) => connectLookup(resolver, allowPrivate)("hooks.example.com", { all: true }, (err, addresses) => resolve(err ?? addresses)));

  it.each(["::ffff:0:7f00:1", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe", "::10.0.0.1", "2002:c0a8:101::1", "2001:0:808:808::80ff:fffe", "64:ff9b:1::1"])(
    "refuses a name resolving to %s",
    async (address) => {
      const answer = await ask(async () => [{ address, family: 6 }]);
      expect(answer).toBeInstanceOf(Error);
      expect((answer as Error & { code: string }).code).toBe("EBLOCKEDTARGET");
      expect((answer as Error).message).toMatch(new RegExp(`^hooks\\.example\\.com resolves to ${address.replace(/[.:]/g, "\\$&")} is a loopback`));
    },
  );

  it("lets a mapped public address through, and anything through when private targets are allowed", async () => {
    expect(await ask(async () => [{ address: "::ffff:8.8.8.8", family: 6 }])).toEqual([{ address: "::ffff:8.8.8.8", family: 6 }]);
    expect(await ask(async () => [{ address: "::ffff:0:7f00:1", family: 6 }], true)).toEqual([{ address: "::ffff:0:7f00:1", family: 6 }]);
  });
});
