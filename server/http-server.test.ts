import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newMerchant } from "@/tests/support/merchant";
import { createAppServer, type NextHandler } from "./http-server";
import { serverOptions, type ServerOptions } from "./options";

type Started = { url: string; port: number; drain: () => Promise<void>; close: () => void };
const started: Started[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.close();
});

/** The real server, with a stand-in for Next.js's handler that answers what it received. */
async function start(overrides: Partial<ServerOptions> = {}, nextHandler?: NextHandler): Promise<Started> {
  const echo: NextHandler = async (req, res) => {
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).length;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ next: true, path: req.url, size }));
  };
  const { server, drain } = createAppServer({ ...serverOptions(), ...overrides }, nextHandler ?? echo);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const s = {
    url: `http://127.0.0.1:${port}`,
    port,
    drain,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
  started.push(s);
  return s;
}

/** Raw bytes on a socket: what a client that does not follow fetch's rules can send. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let out = "";
    socket.on("data", (d) => (out += d.toString()));
    socket.on("end", () => resolve(out));
    socket.on("error", (e) => (out ? resolve(out) : reject(e)));
  });
}

const envelope = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { success: boolean; error: { code: string } };

describe("the server's edge", () => {
  it("takes a body at the limit and refuses one byte more with 413 PAYLOAD_TOO_LARGE, on /v1 and elsewhere", async () => {
    const { testKey } = await newMerchant();
    const s = await start({ bodyLimit: 2000 });
    const body = (size: number) => {
      const base = JSON.stringify({ amount: 1000, customer_phone: "70000001", description: "" });
      return JSON.stringify({ amount: 1000, customer_phone: "70000001", description: "x".repeat(size - base.length) });
    };
    expect(body(2000)).toHaveLength(2000);
    const post = (path: string, size: number) =>
      fetch(`${s.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json", "x-idempotency-key": `k-${path}-${size}` }, body: body(size) });

    const atLimit = await post("/v1/payments", 2000);
    expect(atLimit.status).not.toBe(413);
    const over = await post("/v1/payments", 2001);
    expect(over.status).toBe(413);
    expect((await over.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(over.headers.get("x-request-id")).toBeTruthy();

    expect((await post("/dashboard-api/anything", 2000)).status).toBe(200);
    const overNext = await post("/dashboard-api/anything", 2001);
    expect(overNext.status).toBe(413);
    expect((await overNext.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a chunked /v1 body as soon as it passes the limit, without a Content-Length to trust", async () => {
    const s = await start({ bodyLimit: 1000 });
    const chunk = "a".repeat(600);
    const answer = await raw(
      s.port,
      `POST /v1/payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(600).toString(16)}\r\n${chunk}\r\n${(600).toString(16)}\r\n${chunk}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(envelope(answer).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("lets a client hang up halfway through its body: no error logged, and the next request is served", async () => {
    const s = await start();
    const errors = vi.spyOn(console, "error");
    const logSetting = process.env.CAURI_LOG;
    process.env.CAURI_LOG = "on";
    try {
      await new Promise<void>((resolve) => {
        const socket = net.connect(s.port, "127.0.0.1", () => {
          socket.write(`POST /v1/payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"amount":`);
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on("close", () => resolve());
      });
      await new Promise((r) => setTimeout(r, 100));
      expect((await fetch(`${s.url}/v1/payments`)).status).toBe(401);
      expect(errors.mock.calls.filter((call) => String(call[0]).includes("unhandled error"))).toEqual([]);
    } finally {
      process.env.CAURI_LOG = logSetting;
      errors.mockRestore();
    }
  });

  it("asks for a Content-Length on a chunked body bound for Next.js (411), which reads bodies itself", async () => {
    const s = await start();
    const answer = await raw(s.port, `POST /dashboard-api/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 411/);
    expect(envelope(answer).error.code).toBe("LENGTH_REQUIRED");
  });

  it("answers oversized headers with a JSON 431, and a request that is not HTTP with a JSON 400", async () => {
    const s = await start({ headerLimit: 16 * 1024 });
    const big = await raw(s.port, `GET /v1/payments HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20 * 1024)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1.1 431/);
    expect(envelope(big).error.code).toBe("HEADERS_TOO_LARGE");
    const fits = await fetch(`${s.url}/healthz`, { headers: { "x-big": "a".repeat(8 * 1024) } });
    expect(fits.status).toBe(200);

    const garbage = await raw(s.port, "HELLO THERE\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1.1 400/);
    expect(envelope(garbage).error.code).toBe("BAD_REQUEST");
  });

  it("repairs a path that is not percent-encoding, so /v1 answers a JSON 404 and Next.js gets a decodable path", async () => {
    const s = await start();
    const v1 = await fetch(`${s.url}/v1/payments/%ZZ`);
    expect(v1.status).toBe(404);
    expect((await v1.json()).error.code).toBe("NOT_FOUND");
    const page = await (await fetch(`${s.url}/l/%E0%A4%A`)).json();
    expect(page.path).toBe("/l/%25E0%25A4%25A");
  });

  it("drains on shutdown: a request in flight finishes, and its answer closes the connection", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const s = await start({}, async (_req, res) => {
      await held;
      res.end("done");
    });
    const inFlight = fetch(`${s.url}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const drained = s.drain();
    // New connections are refused once the drain starts.
    await expect(fetch(`${s.url}/other`)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(await res.text()).toBe("done");
    expect(res.headers.get("connection")).toBe("close");
    await drained;
  });
});
