import { ApiError } from "@/lib/core/errors";

/**
 * Paths that older client libraries still call (the contract, Versioning item 3) and that have
 * no route: each gets an answer naming what replaced it, instead of a bare "no route" that a
 * polling helper would retry. Any method, the path itself and anything below it.
 */
type MovedRoute = { prefix: string; answer: (request: string) => ApiError };

const moved = (prefix: string, what: string, current: string, routes: string): MovedRoute => ({
  prefix,
  answer: (request) =>
    new ApiError("NOT_FOUND", `${request} does not exist: ${what} moved to ${current}. Call ${routes} instead (older SDK helpers still call ${prefix}).`),
});

const MOVED_ROUTES: MovedRoute[] = [
  moved("/v1/plans", "plans", "/v1/billing/plans", "GET or POST /v1/billing/plans, and GET, PATCH or DELETE /v1/billing/plans/{id}; customers see a merchant's plans at GET /v1/public/plans?merchant_id="),
  moved("/v1/subscriptions", "subscriptions", "/v1/billing/subscriptions", "GET or POST /v1/billing/subscriptions, POST /v1/billing/subscriptions/with-payment, and GET or DELETE /v1/billing/subscriptions/{id}"),
  moved("/v1/customers", "customers", "/v1/billing/customers", "GET /v1/billing/customers (search with ?search=)"),
  {
    // Payout reads, cancels and stats: no payout can exist, so the answer is a refusal, not a missing object.
    prefix: "/v1/payouts",
    answer: (request) =>
      new ApiError(
        "PAYOUTS_UNAVAILABLE",
        `${request}: automatic payouts are unavailable, so there is no payout to read, cancel or count. Money leaves your balance through withdrawals: POST /v1/withdrawals to request one, GET /v1/withdrawals to follow them, PATCH /v1/withdrawals/{id}/cancel to cancel a pending one, GET /v1/withdrawals/balance for the balance.`,
      ),
  },
];

/** The answer to a request for a path of the table or anything below it; null for any other path. */
export function movedRouteError(method: string, pathname: string): ApiError | null {
  const found = MOVED_ROUTES.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return found ? found.answer(`${method} ${pathname}`) : null;
}
