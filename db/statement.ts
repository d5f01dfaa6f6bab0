import { getTableColumns, is, sql, type SQL } from "drizzle-orm";
import { PgDialect, PgTransaction, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { rowsOf } from "./rows";

const dialect = new PgDialect();

/**
 * A statement written in SQL (what no query builder expresses: a write gated on another CTE's
 * outcome), compiled to its text once and bound per call through the handle's own session, so
 * the hot path pays for neither query building nor a second parse (db/prepared.ts). Its varying
 * values are `sql.placeholder(name)`s; `run` binds them by name.
 *
 * Values are bound as the driver gets them: encode dates, JSON and the like first
 * (driverValue below), and cast each placeholder to its column's type in the SQL (`::jsonb`),
 * since a parameter in a SELECT list has no column to take its type from.
 */
export function compiledStatement(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  type Prepared = ReturnType<Database["_"]["session"]["prepareQuery"]>;
  // Bound to its session: kept per handle, made anew for a transaction (as db/prepared.ts does).
  const byHandle = new WeakMap<Database, Prepared>();
  const preparedOn = (db: Database): Prepared => {
    if (is(db, PgTransaction)) return db._.session.prepareQuery(query, undefined, name, false);
    let prepared = byHandle.get(db);
    if (!prepared) byHandle.set(db, (prepared = db._.session.prepareQuery(query, undefined, name, false)));
    return prepared;
  };
  return async <R = Record<string, unknown>>(db: Database, values: Record<string, unknown>): Promise<R[]> => rowsOf<R>(await preparedOn(db).execute(values));
}

/** A value as the column's driver mapping sends it (an ISO string for a timestamp, JSON text for jsonb); null stays null. */
export const driverValue = (column: PgColumn, value: unknown): unknown => (value === null || value === undefined ? null : column.mapToDriverValue(value));

/** A column's value from a compiled statement's raw row, as the query builders would map it (a timestamp to a Date). */
export const columnValue = <C extends PgColumn>(column: C, value: unknown): C["_"]["data"] =>
  (value === null || value === undefined ? null : column.mapFromDriverValue(value)) as C["_"]["data"];

/**
 * Maps a compiled statement's raw rows to a table's rows as the query builders would: each column
 * read by its name (after `prefix`, for a joined table's aliased columns) through its driver mapping.
 */
export function tableRow<T extends PgTable>(table: T, prefix = "") {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, `${prefix}${column.name}`, column] as const);
  return (raw: Record<string, unknown>): T["$inferSelect"] => {
    const row: Record<string, unknown> = {};
    for (const [key, name, column] of columns) row[key] = columnValue(column, raw[name]);
    return row as T["$inferSelect"];
  };
}

/** A joined table's columns, each aliased `prefix` + its name (read back by tableRow(table, prefix)). */
export const aliasedColumns = (table: PgTable, alias: string, prefix: string): SQL =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)} as ${sql.identifier(prefix + column.name)}`),
    sql`, `,
  );
