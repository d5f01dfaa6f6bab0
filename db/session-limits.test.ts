import net from "node:net";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError, runInRequestScope, type RequestScope } from "./availability";
import { DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, openDatabase, sessionLimits, withStatementTimeout, type Handle } from "./client";

const pg = Boolean(process.env.DATABASE_URL);

/** The error Drizzle wrapped as the cause of its own. */
const causeOf = (error: unknown) => (error as { cause?: unknown }).cause;

/** The PostgreSQL error code behind Drizzle's wrapping (57014: query_canceled). */
function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (typeof e.code === "string") return e.code;
  return undefined;
}

describe("sessionLimits", () => {
  it("reads both limits from the environment, in milliseconds, 0 meaning none", () => {
    expect(sessionLimits({ DATABASE_STATEMENT_TIMEOUT_MS: "1500", DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "0" })).toEqual({ statement_timeout: 1500, idle_in_transaction_session_timeout: 0 });
  });

  it("falls back to the defaults when unset or not a whole number of milliseconds", () => {
    const defaults = { statement_timeout: DEFAULT_STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS };
    expect(sessionLimits({})).toEqual(defaults);
    expect(sessionLimits({ DATABASE_STATEMENT_TIMEOUT_MS: "", DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "-1" })).toEqual(defaults);
    expect(sessionLimits({ DATABASE_STATEMENT_TIMEOUT_MS: "2.5", DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "30s" })).toEqual(defaults);
  });
});

/** A pool opened while the two variables are set as given (they are read when connecting). */
function withLimits(statementMs: string, idleMs: string): Handle {
  const saved = { s: process.env.DATABASE_STATEMENT_TIMEOUT_MS, i: process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS };
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = statementMs;
  process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS = idleMs;
  try {
    return openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 });
  } finally {
    for (const [name, value] of [["DATABASE_STATEMENT_TIMEOUT_MS", saved.s], ["DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", saved.i]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe.runIf(pg)("connections carry a statement timeout and an idle-in-transaction timeout", () => {
  let handle: Handle;
  beforeAll(() => {
    handle = withLimits("300", "300");
  });
  afterAll(() => handle.close());

  it("cancels a stuck query at the statement timeout instead of letting it run", async () => {
    const started = Date.now();
    const error = await handle.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(codeOf(error)).toBe("57014");
  });

  it("ends a session left idle in a transaction", async () => {
    const watcher = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      let pidOf: (pid: number) => void = () => {};
      const pid = new Promise<number>((resolve) => (pidOf = resolve));
      // The transaction sends nothing after its first query: a query (or the driver's own rollback)
      // written on the connection the server has just closed fails outside any promise.
      const transaction = handle.db
        .transaction(async (tx) => {
          const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
          pidOf(row!.pid);
          await new Promise<never>(() => {});
        })
        .catch((e: unknown) => e);
      const backend = await pid;
      await expect.poll(async () => (await watcher`select count(*)::int as n from pg_stat_activity where pid = ${backend}`)[0]!.n, { timeout: 5_000 }).toBe(0);
      expect(codeOf(await transaction)).toBe("CONNECTION_CLOSED");
    } finally {
      await watcher.end();
    }
  });

  it("lets work that legitimately runs long ask for more time in its own transaction, and only there", async () => {
    await expect(withStatementTimeout(handle.db, 5_000, (tx) => tx.execute(sql`select pg_sleep(0.6)`))).resolves.toBeDefined();
    const [outside] = (await handle.db.execute(sql`show statement_timeout`)) as unknown as { statement_timeout: string }[];
    expect(outside!.statement_timeout).toBe("300ms");
  });
});

describe("queries of a request scope run under the database deadline", () => {
  let frozen: net.Server;
  const sockets = new Set<net.Socket>();
  let frozenUrl = "";
  beforeAll(async () => {
    frozen = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
    frozenUrl = `postgres://postgres@127.0.0.1:${(frozen.address() as net.AddressInfo).port}/frozen`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => frozen.close(r));
  });

  it("a query on a frozen server fails within seconds and marks the request's database unavailable", async () => {
    const handle = openDatabase({ url: frozenUrl, poolMax: 1 });
    const scope: RequestScope = { databaseUnavailable: false };
    const started = Date.now();
    const error = await runInRequestScope(scope, async () => await handle.db.execute(sql`select 1`)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(causeOf(error)).toBeInstanceOf(DatabaseUnavailableError);
    expect(scope.databaseUnavailable).toBe(true);
    void handle.close();
  });

  it("a transaction on a frozen server fails within seconds too", async () => {
    const handle = openDatabase({ url: frozenUrl, poolMax: 1 });
    const scope: RequestScope = { databaseUnavailable: false };
    const error = await runInRequestScope(scope, () => handle.db.transaction((tx) => tx.execute(sql`select 1`))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(scope.databaseUnavailable).toBe(true);
    void handle.close();
  });

  it("a stopped server (connection refused) marks the request at once", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const handle = openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/stopped`, poolMax: 1 });
    const scope: RequestScope = { databaseUnavailable: false };
    const started = Date.now();
    await expect(runInRequestScope(scope, async () => await handle.db.execute(sql`select 1`))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(scope.databaseUnavailable).toBe(true);
    void handle.close();
  });

  it.runIf(pg)("a query that fails for its own reasons does not mark the database unavailable", async () => {
    const handle = openDatabase({ url: process.env.DATABASE_URL, poolMax: 1 });
    const scope: RequestScope = { databaseUnavailable: false };
    await expect(runInRequestScope(scope, async () => await handle.db.execute(sql`select * from no_such_table`))).rejects.toThrow();
    expect(scope.databaseUnavailable).toBe(false);
    await handle.close();
  });
});
