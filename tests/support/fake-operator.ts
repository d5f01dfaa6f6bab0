import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { signOperatorBody, OPERATOR_SIGNATURE_HEADER } from "@/lib/operator/signature";

/** How the fake answers: a collection outcome, or a fault. */
export type Behaviour = "pending" | "succeed" | "fail" | "timeout" | "error500" | "garbage" | "wrong-shape";

export type FakeCollection = {
  id: string;
  reference: string;
  amount: number;
  msisdn: string;
  label: string;
  callbackUrl: string;
  status: "PENDING" | "SUCCESS" | "FAILED";
  providerRef: string | null;
  reason: string | null;
};

/**
 * A small stand-in for the operator's collection API (lib/operator/http-adapter.ts), on
 * 127.0.0.1, started by a test. It keeps collections in memory, is idempotent per
 * `Idempotency-Key` like the real one, can be told to succeed, fail, hang past the client's
 * timeout, answer 500 or garbage, and sends signed callbacks to the `callback_url` it was given.
 */
export class FakeOperator {
  readonly collections = new Map<string, FakeCollection>();
  /** Every POST /v1/collections that reached us (a resumed session must not add one). */
  initiationRequests = 0;
  queryRequests = 0;
  /** Outcome of new collections, and of initiation requests in general. */
  initiate: Behaviour = "pending";
  /** How status queries answer. */
  query: "normal" | Exclude<Behaviour, "pending" | "succeed" | "fail"> = "normal";
  private seq = 0;
  private sockets = new Set<Socket>();

  private constructor(
    private server: Server,
    readonly url: string,
    readonly apiKey: string,
    readonly callbackSecret: string,
  ) {}

  static async start(options: { apiKey?: string; callbackSecret?: string } = {}): Promise<FakeOperator> {
    let fake: FakeOperator | null = null;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeOperator(server, `http://127.0.0.1:${port}`, options.apiKey ?? "op_test_key", options.callbackSecret ?? options.apiKey ?? "op_test_key");
    server.on("connection", (socket) => {
      fake!.sockets.add(socket);
      socket.on("close", () => fake!.sockets.delete(socket));
    });
    return fake;
  }

  byReference(reference: string): FakeCollection | undefined {
    return [...this.collections.values()].find((c) => c.reference === reference);
  }

  /** The customer approves or declines on their phone: the collection changes at the operator (no callback yet). */
  complete(reference: string, status: "SUCCESS" | "FAILED", reason: string | null = null): FakeCollection {
    const c = this.byReference(reference);
    if (!c) throw new Error(`fake operator: no collection for ${reference}`);
    c.status = status;
    c.providerRef = `OP-${c.id}`;
    c.reason = reason;
    return c;
  }

  /** The body the operator posts to our callback route for a collection. */
  callbackBody(c: FakeCollection): string {
    return JSON.stringify({ reference: c.reference, session_id: c.id, status: c.status, provider_ref: c.providerRef, reason: c.reason });
  }

  /** POSTs the signed callback for a collection to the callback_url it was created with. */
  async sendCallback(reference: string, options: { secret?: string; body?: string } = {}): Promise<{ status: number; body: any }> {
    const c = this.byReference(reference);
    if (!c) throw new Error(`fake operator: no collection for ${reference}`);
    const body = options.body ?? this.callbackBody(c);
    const response = await fetch(c.callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", [OPERATOR_SIGNATURE_HEADER]: signOperatorBody(options.secret ?? this.callbackSecret, body) },
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private view(c: FakeCollection) {
    return { id: c.id, reference: c.reference, status: c.status, provider_ref: c.providerRef, reason: c.reason };
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  /** Answers per a fault behaviour; returns false when the behaviour is a normal answer. */
  private fault(res: ServerResponse, behaviour: string): boolean {
    if (behaviour === "timeout") return true; // never answers; close() destroys the socket
    if (behaviour === "error500") {
      this.send(res, 500, { error: "internal" });
      return true;
    }
    if (behaviour === "garbage") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>502 Bad Gateway</body></html>");
      return true;
    }
    if (behaviour === "wrong-shape") {
      this.send(res, 200, { ok: true, state: "done" });
      return true;
    }
    return false;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) return this.send(res, 401, { error: "unauthorized" });
    const url = new URL(req.url ?? "/", this.url);

    if (req.method === "POST" && url.pathname === "/v1/collections") {
      this.initiationRequests++;
      // A timeout is realistic only if the operator did take the request: it records the collection, then never answers.
      if (this.initiate !== "timeout" && this.fault(res, this.initiate)) return;
      const body = JSON.parse(raw) as { reference: string; amount: number; msisdn: string; label: string; callback_url: string };
      const key = String(req.headers["idempotency-key"] ?? "");
      if (key !== body.reference) return this.send(res, 400, { error: "Idempotency-Key must equal reference" });
      let c = this.byReference(body.reference);
      if (!c) {
        c = {
          id: `col_${++this.seq}`,
          reference: body.reference,
          amount: body.amount,
          msisdn: body.msisdn,
          label: body.label,
          callbackUrl: body.callback_url,
          status: this.initiate === "succeed" ? "SUCCESS" : this.initiate === "fail" ? "FAILED" : "PENDING",
          providerRef: null,
          reason: this.initiate === "fail" ? "Insufficient funds." : null,
        };
        if (c.status !== "PENDING") c.providerRef = `OP-${c.id}`;
        this.collections.set(c.id, c);
      }
      if (this.initiate === "timeout") return;
      return this.send(res, 201, this.view(c));
    }

    if (req.method === "GET" && url.pathname.startsWith("/v1/collections")) {
      this.queryRequests++;
      if (this.fault(res, this.query)) return;
      const id = decodeURIComponent(url.pathname.slice("/v1/collections/".length));
      const c = id ? this.collections.get(id) : this.byReference(url.searchParams.get("reference") ?? "");
      if (!c) return this.send(res, 404, { error: "no such collection" });
      return this.send(res, 200, this.view(c));
    }
    this.send(res, 404, { error: "no such route" });
  }
}

/** Serves one route handler on 127.0.0.1 (our callback route), so the fake operator can reach it over HTTP. */
export async function serveHandler(handler: (request: Request) => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await handler(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
