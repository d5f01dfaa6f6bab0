// Types for client-ip.mjs, which stays plain JavaScript for the Docker image.
export const CLIENT_IP_HEADER: "x-cauri-client-ip";
export function clientAddress(forwardedFor: string | string[] | undefined, remoteAddress: string | undefined, hops: number): string;
export function trustedProxies(value?: string): number;
export function installClientIp(hops?: number): void;
