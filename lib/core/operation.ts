import { is } from "drizzle-orm";
import { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";

/**
 * Where a domain operation's writes commit, declared next to the operation so that no entry point
 * (route(), accountRoute(), runAction(), a job, the CLI) can decide differently from another:
 *  - "wrapper" (anything undeclared): inside the one transaction the entry point opens for a
 *    mutating request, so all of the request's writes commit or none do;
 *  - "own": the operation opens and commits its own transactions. An operator call is the reason:
 *    a refund the operator has paid must be recorded when it answers, not whenever an outer
 *    transaction commits (or rolls back), and no outer transaction may hold its locks through
 *    the operator's response time.
 */
export type TransactionPolicy = "wrapper" | "own";

type AnyOperation = (...args: never[]) => Promise<unknown>;

/** A domain function carrying its declared policy, which route() and accountRoute() read. */
export type Operation<F extends AnyOperation = AnyOperation> = F & { readonly transaction: TransactionPolicy };

/** The database an operation works on: its first argument, a Database or a context holding one. */
function databaseOf(first: unknown): unknown {
  return is(first, PgDatabase) ? first : (first as { db?: unknown } | null | undefined)?.db;
}

/**
 * Declares `fn`'s transaction policy. An "own" operation refuses to start inside a transaction
 * (an entry point that forgot to read the policy fails on its first call instead of silently
 * nesting the operator call in its transaction).
 */
export function defineOperation<F extends AnyOperation>(policy: { transaction: TransactionPolicy }, fn: F): Operation<F> {
  const run = (async (...args: Parameters<F>) => {
    if (policy.transaction === "own" && is(databaseOf(args[0]), PgTransaction)) {
      throw new Error(`${fn.name} commits its own transactions (lib/core/operation.ts): it must not be called inside one`);
    }
    return fn(...args);
  }) as F;
  return Object.assign(run, { transaction: policy.transaction });
}

/** What an entry point is told about its handler's transaction. */
export type EntryTransaction = {
  /** The domain operation the handler runs; one declaring "own" is never wrapped in the entry's transaction. */
  operation?: { readonly transaction: TransactionPolicy };
};

/** Whether a mutating request's handler runs inside the entry point's one transaction. */
export const wrapsHandler = (entry: EntryTransaction): boolean => entry.operation?.transaction !== "own";
