import dns from "node:dns";
import net from "node:net";

/**
 * Where webhooks may not go: loopback, private, link-local (which holds the cloud metadata
 * address 169.254.169.254), carrier-grade NAT, unspecified, multicast, reserved and
 * documentation ranges, in IPv4 and IPv6, including IPv4 written inside IPv6.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
// ::/96 (unspecified, loopback, IPv4-compatible) is judged on the IPv4 it carries: embeddedIpv4 below.
for (const [prefix, bits] of [
  ["100::", 64],
  ["2001:2::", 48],
  ["2001:db8::", 32],
  ["3fff::", 20],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

/** The 16 bytes of an IPv6 address (zone index ignored), or null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (!net.isIPv6(text)) return null;
  // A dotted IPv4 tail ("::ffff:1.2.3.4") becomes its two hex groups.
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(":") : [];
  const groups = halves.length > 1 ? [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail] : head;
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 255;
  });
  return bytes;
}

const v4At = (bytes: Uint8Array, at: number, xor = 0) => [0, 1, 2, 3].map((i) => bytes[at + i] ^ xor).join(".");
const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
const word = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];

/**
 * What an IPv6 address says about IPv4: the IPv4 addresses it carries (the traffic ends at, or
 * passes through, them), "opaque" for a translation prefix whose IPv4 position is not knowable
 * from outside, or null for a native IPv6 address. Covered: IPv4-mapped `::ffff:0:0/96`,
 * IPv4-translated `::ffff:0:0:0/96`, IPv4-compatible `::/96`, NAT64 `64:ff9b::/96` (well-known)
 * and `64:ff9b:1::/48` (local use, never public: opaque), 6to4 `2002::/16` (the IPv4 in bits
 * 16–47), Teredo `2001::/32` (the server in bits 32–63 and the client, inverted, in the last 32).
 */
export function embeddedIpv4(address: string): string[] | "opaque" | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  if (zeros(b, 0, 10) && word(b, 10) === 0xffff) return [v4At(b, 12)];
  if (zeros(b, 0, 8) && word(b, 8) === 0xffff && word(b, 10) === 0) return [v4At(b, 12)];
  if (zeros(b, 0, 12)) return [v4At(b, 12)];
  if (word(b, 0) === 0x64 && word(b, 2) === 0xff9b && zeros(b, 4, 12)) return [v4At(b, 12)];
  if (word(b, 0) === 0x64 && word(b, 2) === 0xff9b && word(b, 4) === 1) return "opaque";
  if (word(b, 0) === 0x2002) return [v4At(b, 2)];
  if (word(b, 0) === 0x2001 && word(b, 2) === 0) return [v4At(b, 4), v4At(b, 12, 255)];
  return null;
}

const REASON = "is a loopback, private, link-local or reserved address";

/**
 * Why an IP address may not receive webhooks, or null when it is a public address. An IPv6
 * address that carries an IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo) is
 * judged on that IPv4 address: `::ffff:8.8.8.8` is public, `::ffff:0:7f00:1` is loopback.
 */
export function blockedAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 4) return blocked.check(address, "ipv4") ? `${address} ${REASON}` : null;
  const carried = embeddedIpv4(address);
  if (carried === "opaque") return `${address} ${REASON} (a local-use IPv4/IPv6 translation prefix)`;
  if (carried) {
    const bad = carried.find((v4) => blocked.check(v4, "ipv4"));
    if (!bad) return null;
    // `::` and `::1` (unspecified, loopback) are in ::/96 too; their "IPv4" is 0.0.0.0/8.
    const nativeLoopback = bad === "0.0.0.0" || bad === "0.0.0.1";
    return nativeLoopback ? `${address} ${REASON}` : `${address} ${REASON} (it carries the IPv4 address ${bad})`;
  }
  return blocked.check(address.replace(/%.*$/, ""), "ipv6") ? `${address} ${REASON}` : null;
}

/** A URL host without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/** Host names that always mean this machine or the cloud metadata service. */
export function isLocalHostname(hostname: string): boolean {
  const host = bareHost(hostname).toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "metadata.google.internal" || host === "metadata";
}

export class BlockedTargetError extends Error {
  readonly code = "EBLOCKEDTARGET";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
type LookupOptions = { family?: number | string; all?: boolean };

/** Name → addresses. The system resolver in production; tests pass their own answers. */
export type Resolver = (hostname: string) => Promise<dns.LookupAddress[]>;
export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * A `lookup` for http.request: resolves the name, then, unless private targets are allowed,
 * refuses the connection when any resolved address is not public. The check runs on the
 * addresses the socket is about to use, at connect time, so a name that changes its answer
 * after the endpoint was saved (DNS rebinding) gains nothing.
 */
export function connectLookup(resolve: Resolver, allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const empty = options.all ? [] : "";
    resolve(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
        const list = family ? all.filter((a) => a.family === family) : all;
        if (!allowPrivate) {
          for (const entry of all) {
            const reason = blockedAddressReason(entry.address);
            if (reason) return callback(new BlockedTargetError(`${hostname} resolves to ${reason}`), empty);
          }
        }
        if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), empty);
        if (options.all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, empty),
    );
  };
}
