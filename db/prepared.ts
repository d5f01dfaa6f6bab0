import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * A hot query built once per database handle and executed as a named prepared statement.
 *
 * Drizzle sends a query unnamed unless it is built with `.prepare(name)`, and postgres.js then
 * spends two round trips on it (parse and describe, then bind and execute). A named one is
 * parsed once per connection, cached there by its text, and bound in one round trip afterwards.
 *
 * - `build` must call `.prepare(name)` with `sql.placeholder` for the values that vary: its
 *   literals are fixed in the statement.
 * - Cached per handle (a WeakMap), so a handle swapped by setProcessDatabase gets its own.
 * - A transaction gets a fresh build on every call: a prepared query is bound to the session it
 *   was built on. It is still named, so the transaction's connection reuses its parse.
 * - With DATABASE_PREPARE=false (the embedded database over the wire, one shared session) the
 *   driver's own option wins and nothing is named; PGlite in this process ignores the name.
 */
export function preparedQuery<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const byHandle = new WeakMap<Database, Q>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db);
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
}
