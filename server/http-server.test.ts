import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, setProcessRateLimiter } from "@/lib/rate-limit/limits";
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
      // An error logged for the cut request would come after the close: a short window to catch one.
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
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    const s = await start({}, async (_req, res) => {
      arrived();
      await held;
      res.end("done");
    });
    const inFlight = fetch(`${s.url}/slow`);
    await inHandler;
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

/** Sends `bytes` one at a time, `everyMs` apart; resolves with what came back and how many bytes were sent when the server closed the socket. */
function trickle(port: number, bytes: string, everyMs: number): Promise<{ sent: number; answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    let sent = 0;
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, "127.0.0.1", () => {
      timer = setInterval(() => {
        if (sent < bytes.length && !socket.destroyed) socket.write(bytes[sent++]);
      }, everyMs);
    });
    socket.on("data", (d) => (answer += d.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ sent, answer, closedAfterMs: performance.now() - startedAt });
    });
  });
}

describe("slow clients", () => {
  it("loses its connection once its headers take longer than the headers timeout (slowloris)", async () => {
    const s = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const head = `GET /v1/payments HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(200)}\r\n\r\n`;
    // At 20 ms a byte the head would take over 4 s; the server cuts it within the timeout and one check.
    const { sent, closedAfterMs } = await trickle(s.port, head, 20);
    expect(sent).toBeLessThan(head.length);
    expect(closedAfterMs).toBeLessThan(300 + 300 + 500);
  });

  it("loses its connection once its body takes longer than the request timeout", async () => {
    const s = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const body = "x".repeat(200);
    const request = `POST /dashboard-api/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const { sent, closedAfterMs } = await trickle(s.port, request, 5);
    expect(sent).toBeLessThan(request.length);
    expect(closedAfterMs).toBeLessThan(600 + 600 + 500);
  });

  it("keeps an idle keep-alive connection past the headers timeout: the next request on it is served", async () => {
    const s = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400, keepAliveMs: 5_000 });
    const socket = net.connect(s.port, "127.0.0.1");
    let answers = "";
    const answered = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((answers.match(/HTTP\/1.1 200/g) ?? []).length >= n) {
            socket.off("data", check);
            resolve();
          }
        };
        socket.on("data", check);
        check();
      });
    socket.on("data", (d) => (answers += d.toString()));
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await answered(1);
    // The idleness is the subject: past the request timeout (400 ms) plus three of the server's
    // 200 ms timeout checks, a connection wrongly held to the headers timeout would be gone.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(socket.destroyed).toBe(false);
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await answered(2);
    socket.destroy();
  });

  it("refuses a headers timeout longer than the request timeout at start-up", () => {
    process.env.CAURI_HEADERS_TIMEOUT_MS = "70000";
    try {
      expect(() => serverOptions()).toThrow(/CAURI_HEADERS_TIMEOUT_MS/);
    } finally {
      delete process.env.CAURI_HEADERS_TIMEOUT_MS;
    }
  });
});

/** What Next.js does for a path no page or route serves: its HTML 404 page, streamed. */
const nextNotFound: NextHandler = async (req, res) => {
  if (!req.url?.startsWith("/nope") && !req.url?.startsWith("/auth/") && !req.url?.startsWith("/checkout/")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ next: true, path: req.url }));
    return;
  }
  res.statusCode = 404;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "RSC");
  res.write("<!DOCTYPE html><html><body><h1>Page introuvable</h1>");
  res.end("</body></html>");
};

describe("text that cannot reach SQL", () => {
  it("a NUL in the query string of any page or route is a 400 INVALID_FIELD naming the parameter, before any page runs", async () => {
    const s = await start({}, nextNotFound);
    for (const target of ["/dashboard/payments?q=%00", "/ops/merchants?q=a%00b", "/dashboard/search?q=x&lang=%00", "/v1/payments?status=%00", "/dashboard-api/search?q=%00"]) {
      const res = await fetch(`${s.url}${target}`);
      expect(res.status, target).toBe(400);
      const body = await res.json();
      expect(body, target).toMatchObject({ success: false, error: { code: "INVALID_FIELD", message: expect.stringContaining("NUL") } });
    }
    expect((await (await fetch(`${s.url}/dashboard/payments?q=%00`)).json()).error.param).toBe("q");
    // A NUL in a parameter's name too; a NUL anywhere in the path is a 404 (no such resource).
    expect((await fetch(`${s.url}/dashboard/payments?%00=1`)).status).toBe(400);
    for (const target of ["/dashboard/payments/%00", "/ops/merchants/mer_%00x", "/v1/payments/%00"]) {
      const res = await fetch(`${s.url}${target}`);
      expect(res.status, target).toBe(404);
      expect((await res.json()).error.code).toBe("NOT_FOUND");
    }
    // Everything else reaches the app untouched, a literal "%00" (sent as %2500) included.
    expect(await (await fetch(`${s.url}/dashboard/payments?q=%2500&x=%C3%A9`)).json()).toMatchObject({ next: true, path: "/dashboard/payments?q=%2500&x=%C3%A9" });
  });
});

describe("/v1 routes read the headers as the edge left them", () => {
  it("counts a client that writes its own X-Forwarded-For against its own address: the 101st request of a minute is refused", async () => {
    const s = await start();
    setProcessRateLimiter(createRateLimiter());
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await fetch(`${s.url}/v1/payments/txn_unknown${i}`, { headers: { "x-forwarded-for": `203.0.113.${i}` } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // The tests after this one find 127.0.0.1's minute unspent.
    setProcessRateLimiter(createRateLimiter());
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(404));
    expect(statuses[100]).toBe(429);
  });
});

describe("/v1 answers only in its envelope", () => {
  it("a trailing slash is a JSON 404 naming the route, not Next.js's 308", async () => {
    const s = await start();
    for (const [target, route] of [["/v1/payments/", "/v1/payments"], ["/v1/", "/v1"], ["/v1/payments//", "/v1/payments"]]) {
      const res = await fetch(`${s.url}${target}`, { redirect: "manual" });
      expect(res.status, target).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining(`Call ${route}.`) });
    }
  });

  it("dot segments that climb out of /v1 are a JSON 404 under /v1, not the page they resolve to", async () => {
    const s = await start();
    for (const target of ["/v1/x/../../y", "/v1/%2e%2e/dashboard", "/v1/.."]) {
      const answer = await raw(s.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1.1 404/);
      expect(envelope(answer).error.code, target).toBe("NOT_FOUND");
    }
    // Staying inside /v1 is the route they resolve to.
    const inside = await raw(s.port, `GET /v1/nope/../payments HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(envelope(inside).error.code).toBe("UNAUTHORIZED");
  });

  it("every JSON answer says nosniff: the edge's own, /v1's and the app's", async () => {
    const s = await start({ bodyLimit: 10 });
    const answers = [await fetch(`${s.url}/v1/payments`), await fetch(`${s.url}/v1/payments/`), await fetch(`${s.url}/healthz`), await fetch(`${s.url}/dashboard-api/x`, { method: "POST", body: "x".repeat(11) })];
    for (const res of answers) {
      expect(res.headers.get("content-type"), res.url).toContain("json");
      expect(res.headers.get("x-content-type-options"), res.url).toBe("nosniff");
    }
    expect(await raw(s.port, "HELLO THERE\r\n\r\n")).toContain("X-Content-Type-Options: nosniff");
  });
});

describe("an unknown path", () => {
  it("called by a program (another method, an API prefix, or Accept: JSON) answers the JSON envelope pointing at sign-up and API keys", async () => {
    const s = await start({}, nextNotFound);
    const calls: [string, RequestInit][] = [
      ["/auth/register", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: "{}" }],
      ["/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
      ["/auth/login", {}],
      ["/nope", { headers: { accept: "application/json" } }],
      ["/nope", { method: "DELETE" }],
    ];
    for (const [path, init] of calls) {
      const res = await fetch(`${s.url}${path}`, init);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const body = await res.json();
      expect(body, path).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
      expect(body.error.message).toContain("/signup");
      expect(body.error.message).toContain("API keys");
    }
  });

  it("opened by a browser (or any GET that takes HTML) is still the HTML 404 page", async () => {
    const s = await start({}, nextNotFound);
    for (const accept of ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "*/*"]) {
      for (const path of ["/nope", "/checkout/%ZZ"]) {
        const res = await fetch(`${s.url}${path}`, { headers: { accept } });
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(await res.text()).toContain("Page introuvable");
      }
    }
    // What is found is never touched, whoever asks.
    expect(await (await fetch(`${s.url}/dashboard-api/x`, { method: "POST", body: "{}" })).json()).toMatchObject({ next: true });
  });
});
