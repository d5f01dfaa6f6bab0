import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveEmbeddedDatabase, type EmbeddedServer } from "../../scripts/embedded-db";

// The embedded database served over the wire (what `npm run dev`, the ops CLI and the e2e
// helpers share): several clients at once must each see their own session, as with PostgreSQL.
describe("the embedded database's wire server", () => {
  let dir: string;
  let server: EmbeddedServer;
  const previous = process.env.CAURI_DATA_DIR;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "cauri-wire-"));
    process.env.CAURI_DATA_DIR = dir;
    server = await serveEmbeddedDatabase(async (db) => {
      await db.exec("create table counters (id int primary key, n int not null)");
      await db.exec("insert into counters values (1, 0)");
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (previous === undefined) delete process.env.CAURI_DATA_DIR;
    else process.env.CAURI_DATA_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  // Unnamed statements (prepare: false) are what broke: another client's Parse landed between a
  // client's Parse and its Execute.
  it("keeps each client's extended-protocol queries whole when clients interleave", async () => {
    const a = postgres(server.url, { max: 4, prepare: false, onnotice: () => {} });
    const b = postgres(server.url, { max: 4, prepare: false, onnotice: () => {} });
    try {
      const work = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? a`select ${i}::int + 1 as n`.then(([row]) => expect(row.n).toBe(i + 1))
          : b`select ${`v${i}`}::text || '!' as s, ${i}::int * 2 as m`.then(([row]) => expect(row).toEqual({ s: `v${i}!`, m: i * 2 })),
      );
      await Promise.all(work);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  }, 60_000);

  it("keeps a transaction's statements to its own connection while others query", async () => {
    const a = postgres(server.url, { max: 2, prepare: false, onnotice: () => {} });
    const b = postgres(server.url, { max: 2, prepare: false, onnotice: () => {} });
    try {
      const increments = Array.from({ length: 20 }, () =>
        a.begin(async (tx) => {
          const [row] = await tx`select n from counters where id = 1`;
          await tx`update counters set n = ${row.n + 1} where id = 1`;
        }),
      );
      const reads = Array.from({ length: 40 }, () => b`select n from counters where id = 1`.then(([row]) => expect(row.n).toBeGreaterThanOrEqual(0)));
      await Promise.all([...increments, ...reads]);
      const [row] = await b`select n from counters where id = 1`;
      expect(row.n).toBe(20);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  }, 60_000);

  it("rolls back what a client left open when it disconnects, and serves the others", async () => {
    const leaver = postgres(server.url, { max: 1, prepare: false, onnotice: () => {} });
    const other = postgres(server.url, { max: 1, prepare: false, onnotice: () => {} });
    try {
      const reserved = await leaver.reserve();
      await reserved`begin`;
      await reserved`update counters set n = -1 where id = 1`;
      const waiting = other`select n from counters where id = 1`;
      await leaver.end({ timeout: 0 });
      const [row] = await waiting;
      expect(row.n).not.toBe(-1);
    } finally {
      await other.end();
    }
  }, 60_000);
});
