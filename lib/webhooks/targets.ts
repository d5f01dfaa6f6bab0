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
for (const [prefix, bits] of [
  ["::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

/** The IPv4 address carried by an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Why an IP address may not receive webhooks, or null when it is a public address. */
export function blockedAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blockedAddressReason(v4);
    return blocked.check(address, "ipv6") ? `${address} is a loopback, private, link-local or reserved address` : null;
  }
  return blocked.check(address, "ipv4") ? `${address} is a loopback, private, link-local or reserved address` : null;
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
