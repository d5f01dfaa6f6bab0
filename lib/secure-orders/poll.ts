import type { BuyerView } from "./public";

/**
 * How the buyer page follows a payment awaiting the buyer's approval. One status request at a
 * time; the next waits POLL_BASE_MS after an answer that changed something, and longer after each
 * answer that did not (×1.5) or failed (×2), never more than POLL_MAX_MS: on a slow network a
 * fixed short interval piled requests on top of each other, while the approval usually comes
 * within a minute, so the page still notices it within ten seconds. Pure, for client and tests.
 */
export const POLL_BASE_MS = 2_500;
export const POLL_MAX_MS = 10_000;

export type PollOutcome = "changed" | "same" | "error";

const GROWTH: Record<Exclude<PollOutcome, "changed">, number> = { same: 1.5, error: 2 };

/** The wait before the next status request, given the last wait and what the last request answered. */
export function nextPollDelay(lastMs: number, outcome: PollOutcome): number {
  if (outcome === "changed") return POLL_BASE_MS;
  const grown = Math.max(lastMs, POLL_BASE_MS) * GROWTH[outcome];
  return Math.min(Math.round(grown), POLL_MAX_MS);
}

/**
 * What the buyer page shows depends on these alone while a payment awaits approval: when the
 * status route answers another value than the page was rendered with, the page re-renders.
 */
export function buyerProgress(view: Pick<BuyerView, "status" | "payment">): string {
  const p = view.payment;
  return [view.status, p?.status ?? "NONE", p?.initiated ? "pushed" : "not-pushed"].join(":");
}
