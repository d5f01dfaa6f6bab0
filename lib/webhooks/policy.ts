import type { Resolver } from "./targets";

/**
 * The published delivery policy (docs/decisions/webhooks.md). Tests assert these values as data; the
 * worker and the Inngest function take them as defaults, and tests pass faster ones.
 */

/**
 * Delay before each automatic attempt, counted from the previous attempt's failure: the first
 * is immediate, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. After the 8th failure: FAILED.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
]);

/** A delivery succeeds on a 2xx received within this time; anything slower is cut and failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** How much of a receiver's answer is kept with each attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** How much of a receiver's answer headers is kept with each attempt: so many headers, each cut at so many characters. */
export const RESPONSE_HEADERS_MAX = 50;
export const RESPONSE_HEADER_VALUE_CHARS = 512;

/** A claim lasts this long past the timeout; a worker that dies mid-attempt loses its claim then. */
export const CLAIM_MARGIN_MS = 30_000;

/**
 * Attempts in flight at once to one endpoint, across every worker and instance (counted from the
 * live claims in the database when claiming, lib/webhooks/claim.ts): one receiver, however slow or
 * busy, holds at most this many of a worker's slots, and the rest go to other endpoints.
 */
export const ENDPOINT_MAX_IN_FLIGHT = 8;

/**
 * An endpoint whose attempt timed out is "slow" for this long (renewed by each timeout, ended by a
 * success): meanwhile it gets one attempt in flight at a time, so a receiver that never answers
 * holds one slot, not ENDPOINT_MAX_IN_FLIGHT, and its deliveries wait their turn behind it.
 */
export const SLOW_ENDPOINT_MAX_IN_FLIGHT = 1;
export const SLOW_ENDPOINT_FOR_MS = 10 * 60_000;

/**
 * Attempts in flight at once in one worker process. Measured (docs/decisions/webhooks.md, "Benchmark"):
 * a hung attempt costs a socket and a few kilobytes, not CPU, so the pool is sized for many slow
 * receivers at once; a fast receiver's throughput is bound by the database, not by this number.
 */
export const WORKER_CAPACITY = 64;

/** Endpoints per application and mode. */
export const MAX_ENDPOINTS = 10;

/** How long a rolled secret may keep signing beside the new one. */
export const MAX_SECRET_GRACE_SECONDS = 86_400;

export type DeliveryPolicy = {
  schedule: readonly number[];
  timeoutMs: number;
  /** Default ENDPOINT_MAX_IN_FLIGHT, and SLOW_ENDPOINT_MAX_IN_FLIGHT while the endpoint is slow. */
  endpointMaxInFlight?: number;
  slowEndpointMaxInFlight?: number;
  allowPrivateTargets: boolean;
  /** Name resolution (default: the system's); tests give their own answers. */
  resolver?: Resolver;
};

/**
 * WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" or "false"; unset means true unless NODE_ENV is
 * "production", so local development can point endpoints at localhost.
 */
export function privateTargetsAllowed(env: Record<string, string | undefined> = process.env): boolean {
  const value = env.WEBHOOK_ALLOW_PRIVATE_TARGETS?.trim().toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return env.NODE_ENV !== "production";
}

export const defaultPolicy = (): DeliveryPolicy => ({
  schedule: RETRY_SCHEDULE_MS,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  endpointMaxInFlight: ENDPOINT_MAX_IN_FLIGHT,
  slowEndpointMaxInFlight: SLOW_ENDPOINT_MAX_IN_FLIGHT,
  allowPrivateTargets: privateTargetsAllowed(),
});

/** Delay before the next automatic attempt after `done` automatic attempts failed, or null when none is left. */
export function nextDelayMs(schedule: readonly number[], done: number): number | null {
  return done < schedule.length ? schedule[done] : null;
}
