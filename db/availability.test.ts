import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError, withDatabaseDeadline } from "./availability";

// A server that accepts connections and never answers: what a frozen PostgreSQL looks like from
// the client (SIGSTOP leaves the kernel accepting TCP).
let frozen: net.Server;
let frozenUrl = "";
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  frozen = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
  frozenUrl = `postgres://postgres@127.0.0.1:${(frozen.address() as net.AddressInfo).port}/frozen`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => frozen.close(r));
});

const never = () => new Promise<never>(() => {});
const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("withDatabaseDeadline", () => {
  it("abandons work on a frozen database within the probe delay plus the probe timeout (503, not a hang)", async () => {
    const started = Date.now();
    const error = await withDatabaseDeadline(never, frozenUrl).catch((e: unknown) => e);
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).code).toBe("DATABASE_DEADLINE");
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(3_000);
  });

  it("abandons work when nothing listens at all (a stopped server)", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const error = await withDatabaseDeadline(never, `postgres://postgres@127.0.0.1:${port}/stopped`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("lets slow work finish when the database answers its probe", async () => {
    await expect(withDatabaseDeadline(() => after(3_500, "done"), process.env.DATABASE_URL)).resolves.toBe("done");
  });

  it("answers fast work without probing, and passes its errors through", async () => {
    await expect(withDatabaseDeadline(() => after(10, 42), frozenUrl)).resolves.toBe(42);
    await expect(withDatabaseDeadline(() => Promise.reject(new Error("bad query")), frozenUrl)).rejects.toThrow("bad query");
  });
});
