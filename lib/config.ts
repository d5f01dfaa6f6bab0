/** Deployment settings read from the environment (all listed in docs/configuration.md). */

/** The public origin of hosted pages (checkout, links, buyer/courier pages, portal). */
export function publicBaseUrl(): string {
  const configured = process.env.CAURI_PUBLIC_URL?.replace(/\/+$/, "");
  return configured || `http://localhost:${process.env.PORT ?? "3000"}`;
}

/** Hosts that are ours: a return_url may not point at them (no redirect loops, no open redirect through us). */
export function ownHosts(): string[] {
  const hosts = new Set<string>([new URL(publicBaseUrl()).hostname]);
  for (const h of (process.env.CAURI_OWN_DOMAINS ?? "").split(",")) if (h.trim()) hosts.add(h.trim().toLowerCase());
  return [...hosts];
}

export function isOwnHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return ownHosts().some((own) => host === own || host.endsWith(`.${own}`));
}

const intEnv = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v >= 0 ? Math.floor(v) : fallback;
};

/** Minutes between a payment's creation and its expires_at. */
export const paymentLifetimeMinutes = () => intEnv("PAYMENT_LIFETIME_MINUTES", 15) || 15;

/** Payment fee schedule: basis points of the amount (rounded up to the franc) plus a fixed part, at least the minimum. */
export const paymentFeeSchedule = () => ({
  basisPoints: intEnv("PAYMENT_FEE_BPS", 200),
  fixed: intEnv("PAYMENT_FEE_FIXED", 0),
  minimum: intEnv("PAYMENT_FEE_MIN", 25),
});
