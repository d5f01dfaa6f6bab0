import type { Database } from "@/db/client";
import type { ErrorCode } from "@/lib/core/errors";
import type { EntryTransaction } from "@/lib/core/operation";
import { countRequest, exchangeFor, inTransactionPolicy, runExchange } from "./pipeline";
import type { LimitName } from "@/lib/rate-limit/limits";

export type ActionFailure = { ok: false; code: ErrorCode; message: string };
export type ActionOutcome<T> = { ok: true; value: T } | ActionFailure;
export type ActionContext = { db: Database; clientIp: string; requestId: string };

export type ActionOptions = {
  /** Its name in the log line. */
  name: string;
  /** The limits of the /v1 route doing the same work, counted per client IP like it. */
  limits: LimitName[];
} & EntryTransaction;

/**
 * The pipeline's entry for the public pages' server actions (the forms that work before the
 * page's script has loaded, or without it): the same request id, database deadline, limits per
 * client IP, transaction policy, error mapping and log line as the /v1 route doing the same work.
 * An error comes back as a value with the catalogue's code, never as a thrown error the page
 * could not show: an unexpected one is INTERNAL_ERROR, a database that does not answer
 * SERVICE_UNAVAILABLE within seconds. Arguments come from the browser: `work` checks them.
 * `requestHeaders` are the action's (next/headers), which carry the client IP the edge set.
 */
export async function runAction<T>(requestHeaders: Pick<Headers, "get">, options: ActionOptions, work: (ctx: ActionContext) => Promise<T>): Promise<ActionOutcome<T>> {
  const exchange = exchangeFor("POST", `action:${options.name}`, requestHeaders);
  return runExchange<ActionOutcome<T>>(
    exchange,
    async () => {
      await countRequest(exchange, options.limits);
      const value = await inTransactionPolicy(exchange, options, (db) => work({ db, clientIp: exchange.clientIp, requestId: exchange.requestId }));
      return { ok: true, value };
    },
    { statusOf: () => 200, ofError: (error) => ({ ok: false, code: error.code, message: error.message }) },
  );
}
